import assert from 'node:assert/strict';

import { assertValidSarif } from './sarif-schema.js';

/**
 * Structural checks of the SARIF 2.1.0 parts mcp-audit emits, on top of validation against the
 * official SARIF 2.1.0 schema (see sarif-schema.ts).
 */
const LEVELS = new Set(['error', 'warning', 'note', 'none']);

function obj(value: unknown, where: string): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${where} must be an object`);
  return Object.fromEntries(Object.entries(value));
}

function arr(value: unknown, where: string): unknown[] {
  assert.ok(Array.isArray(value), `${where} must be an array`);
  return value;
}

function str(value: unknown, where: string): string {
  assert.equal(typeof value, 'string', `${where} must be a string`);
  return String(value);
}

function message(value: unknown, where: string): void {
  const m = obj(value, where);
  assert.ok(typeof m['text'] === 'string' && m['text'] !== '', `${where}.text must be a non-empty string`);
}

/** Throws unless `text` is a SARIF 2.1.0 log with the structure mcp-audit writes. */
export function assertSarifShape(text: string): void {
  assertValidSarif(text);
  const log = obj(JSON.parse(text), 'log');
  assert.equal(log['version'], '2.1.0');
  assert.match(str(log['$schema'], '$schema'), /sarif-2\.1\.0/);
  const runs = arr(log['runs'], 'runs');
  assert.equal(runs.length, 1, 'one run');
  const run = obj(runs[0], 'runs[0]');
  const driver = obj(obj(run['tool'], 'tool')['driver'], 'tool.driver');
  assert.equal(driver['name'], 'mcp-audit');
  str(driver['version'], 'driver.version');
  const rules = arr(driver['rules'], 'driver.rules').map((r, i) => obj(r, `rules[${i}]`));
  const ids = rules.map((r, i) => str(r['id'], `rules[${i}].id`));
  assert.equal(new Set(ids).size, ids.length, 'rule ids are unique');
  rules.forEach((r, i) => {
    const at = `rules[${i}]`;
    message(r['shortDescription'], `${at}.shortDescription`);
    message(r['fullDescription'], `${at}.fullDescription`);
    const help = obj(r['help'], `${at}.help`);
    str(help['text'], `${at}.help.text`);
    str(help['markdown'], `${at}.help.markdown`);
    const level = obj(r['defaultConfiguration'], `${at}.defaultConfiguration`)['level'];
    assert.ok(LEVELS.has(str(level, `${at}.level`)), `${at}.defaultConfiguration.level`);
    const sev = obj(r['properties'], `${at}.properties`)['security-severity'];
    assert.match(str(sev, `${at}.security-severity`), /^\d+(\.\d+)?$/);
  });
  const bases = obj(run['originalUriBaseIds'], 'originalUriBaseIds');
  const home = str(obj(bases['HOME'], 'originalUriBaseIds.HOME')['uri'], 'HOME.uri');
  assert.match(home, /^file:\/\/\/.*\/$/, 'HOME base is an absolute file URI ending in /');
  arr(run['results'], 'results').forEach((value, i) => {
    const at = `results[${i}]`;
    const r = obj(value, at);
    const ruleId = str(r['ruleId'], `${at}.ruleId`);
    if (r['ruleIndex'] !== undefined) assert.equal(ids[Number(r['ruleIndex'])], ruleId, `${at}.ruleIndex points at its rule`);
    else assert.ok(!ids.includes(ruleId), `${at} has a catalogue rule but no ruleIndex`);
    assert.ok(LEVELS.has(str(r['level'], `${at}.level`)));
    message(r['message'], `${at}.message`);
    const fp = obj(r['partialFingerprints'], `${at}.partialFingerprints`);
    assert.match(str(fp['mcpAudit/v1'], `${at}.fingerprint`), /^[0-9a-f]{64}$/);
    if (r['locations'] !== undefined) {
      const locs = arr(r['locations'], `${at}.locations`);
      const phys = obj(obj(locs[0], `${at}.locations[0]`)['physicalLocation'], `${at}.physicalLocation`);
      const art = obj(phys['artifactLocation'], `${at}.artifactLocation`);
      const uri = str(art['uri'], `${at}.uri`);
      if (art['uriBaseId'] !== undefined) {
        assert.equal(art['uriBaseId'], 'HOME');
        assert.ok(!uri.startsWith('/') && !uri.includes(':'), `${at}: a relative uri under HOME`);
      } else {
        assert.match(uri, /^file:\/\/\//, `${at}: an absolute file uri outside HOME`);
      }
      if (phys['region'] !== undefined) {
        const region = obj(phys['region'], `${at}.region`);
        assert.ok(Number.isInteger(region['startLine']) && Number(region['startLine']) >= 1, `${at}.startLine`);
        if (region['startColumn'] !== undefined) assert.ok(Number(region['startColumn']) >= 1, `${at}.startColumn`);
      }
    }
    if (r['suppressions'] !== undefined) {
      const s = obj(arr(r['suppressions'], `${at}.suppressions`)[0], `${at}.suppressions[0]`);
      assert.equal(s['kind'], 'external');
      str(s['justification'], `${at}.justification`);
    }
  });
}

/** The first run of a parsed SARIF log (throws when there is none). */
export function firstRun(log: unknown): object {
  const runs: unknown = typeof log === 'object' && log !== null ? Reflect.get(log, 'runs') : undefined;
  assert.ok(Array.isArray(runs) && runs.length > 0, 'a SARIF log with runs');
  const run: unknown = runs[0];
  assert.ok(typeof run === 'object' && run !== null);
  return run;
}
