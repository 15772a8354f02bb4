/**
 * getsentry/sentry-mcp@4a109327:packages/mcp-core/src/toolDefinitions.json (FSL-1.1-Apache-2.0: not vendored).
 * Minimal synthetic pairs reproducing the shape of each cited commit, with the expected kinds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import type { JsonObject } from '../../src/drift/types.js';
import { find, kinds, snap } from './helpers.js';

const DRAFT7 = 'http://json-schema.org/draft-07/schema#';
const t = (name: string, inputSchema: JsonObject, extra: JsonObject = {}): JsonObject => ({ name, description: `${name} tool`, inputSchema, ...extra });
const obj = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({ type: 'object', properties, ...extra });

describe('sentry-mcp change shapes (§13.3)', () => {
  it('554d1d59: update_dsn added → AUTO tool-added', () => {
    const r = classify(snap(t('whoami', obj({}))), snap(t('whoami', obj({})), t('update_dsn', obj({ dsn: { type: 'string' } }))));
    assert.deepEqual([kinds(r), r.decision], [['tool-added'], 'auto-accept']);
  });

  it('b4762342: whoami gains outputSchema only → AUTO; 5f520502: with a description edit → HOLD', () => {
    const out = { outputSchema: obj({ id: { type: 'string' } }) };
    const a = classify(snap(t('whoami', obj({}))), snap(t('whoami', obj({}), out)));
    assert.deepEqual([kinds(a), a.decision], [['output-schema-added'], 'auto-accept']);
    const b = classify(snap(t('find_projects', obj({}))), snap(t('find_projects', obj({}), { ...out, description: 'Find projects. Returns JSON.' })));
    assert.deepEqual([kinds(b), b.decision], [['description-text-changed', 'output-schema-added'], 'hold']);
  });

  it('d3f133e6: search_tools → search_sentry_tools with the same schema is tool-renamed-probable', () => {
    const schema = obj({ query: { type: 'string' } });
    const r = classify(snap(t('search_tools', schema, { description: 'x' })), snap(t('search_sentry_tools', schema, { description: 'x' })));
    assert.deepEqual(kinds(r), ['tool-renamed-probable']);
  });

  it('1d372d75: statsPeriod → period; compareAgainstPeriod gains a pattern', () => {
    const d = { type: 'string', description: 'Time period' };
    const r = classify(snap(t('search_events', obj({ statsPeriod: d, compareAgainstPeriod: { type: 'string' } }))),
      snap(t('search_events', obj({ period: d, compareAgainstPeriod: { type: 'string', pattern: '^\\d+[hdw]$' } }))));
    assert.deepEqual(kinds(r), ['constraint-tightened', 'param-renamed-probable']);
  });

  it('41a25268 (zod v4): dialect, closed → open, MAX_SAFE bounds, outer description dropped, nullable forms', () => {
    const region = { type: 'string', description: 'Region URL' };
    const before = t('get_issue', { $schema: DRAFT7, type: 'object', additionalProperties: false, properties: {
      limit: { type: 'integer' },
      regionUrl: { anyOf: [region, { type: 'null' }], description: 'Region URL' },
    } }, { outputSchema: obj({ count: { type: ['number', 'null'] } }) });
    const after = t('get_issue', { type: 'object', properties: {
      limit: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
      regionUrl: { anyOf: [region, { type: 'null' }] },
    } }, { outputSchema: obj({ count: { anyOf: [{ type: 'number' }, { type: 'null' }] } }) });
    const r = classify(snap(before), snap(after));
    assert.deepEqual(kinds(r), ['constraint-loosened', 'param-description-removed', 'schema-dialect-changed']);
    assert.equal(find(r, 'param-description-removed')[0]?.path, '/inputSchema/properties/regionUrl/description');
  });

  it('97b66225: search_issues sort enum +recommended → enum-value-added', () => {
    const r = classify(snap(t('search_issues', obj({ sort: { type: 'string', enum: ['date', 'freq'] } }))),
      snap(t('search_issues', obj({ sort: { type: 'string', enum: ['date', 'freq', 'recommended'] } }))));
    assert.deepEqual(kinds(r), ['enum-value-added']);
  });

  it('0d061139: update_issue +reason optional and a description edit → HOLD (mixed)', () => {
    const r = classify(snap(t('update_issue', obj({ id: { type: 'string' } }))),
      snap(t('update_issue', obj({ id: { type: 'string' }, reason: { type: 'string' } }), { description: 'Update an issue; give a reason.' })));
    assert.deepEqual([kinds(r), r.decision], [['description-text-changed', 'param-added-optional'], 'hold']);
  });
});
