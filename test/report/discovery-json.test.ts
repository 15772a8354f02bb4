import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { discover } from '../../src/discover/discover.js';
import { audit } from '../../src/grade/audit.js';
import { buildReport } from '../../src/report/build.js';
import { HOSTS_SCHEMA_VERSION, LIST_SCHEMA_VERSION, renderHostsJson, renderListJson } from '../../src/report/discovery-json.js';
import { json, REPORT_SHAPE } from '../../src/report/json.js';
import { REPORT_SCHEMA_VERSION } from '../../src/report/model.js';
import { fixtureHome, testEnv } from '../hosts/helpers.js';
import { readRepoFile, assertValidReport } from './validate.js';
import { SAMPLE_CTX } from './sample.js';

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv);
const compile = (file: string) => {
  const schema: unknown = JSON.parse(readRepoFile(file));
  assert.ok(typeof schema === 'object' && schema !== null);
  return ajv.compile(schema);
};
const validList = compile('schemas/list.schema.json');
const validHosts = compile('schemas/hosts.schema.json');

const HOMES = [['linux', 'linux'], ['macos', 'darwin'], ['windows', 'win32']] as const;

describe('scan --list and hosts JSON: schemas, allow-lists derived from them', () => {
  for (const [home, platform] of HOMES) {
    it(`${home}: real discovery output matches schemas/list.schema.json and schemas/hosts.schema.json`, async () => {
      const d = await discover({ root: fixtureHome(home), platform, projectScan: true }, testEnv('linux'));
      const list: unknown = JSON.parse(renderListJson(d));
      assert.ok(validList(list), JSON.stringify(validList.errors));
      const hosts: unknown = JSON.parse(renderHostsJson(d, d.locations));
      assert.ok(validHosts(hosts), JSON.stringify(validHosts.errors));
      assert.ok(typeof list === 'object' && list !== null && 'entries' in list && Array.isArray(list.entries) && list.entries.length > 0);
    });
  }

  it('a field the schema does not declare (an env value spread in) never reaches the output', async () => {
    const d = await discover({ root: fixtureHome('linux'), projectScan: false }, testEnv('linux'));
    const text = renderListJson(d);
    for (const e of d.entries) for (const v of Object.values(e.env)) if (v !== null && v.length > 6) assert.ok(!text.includes(`"${v}"`), `env value ${v} leaked`);
    assert.doesNotMatch(text, /"env":|"headers":|"raw":/);
  });

  it('one schemaVersion convention: every JSON output starts with a semver schemaVersion', async () => {
    const d = await discover({ root: fixtureHome('linux'), projectScan: false }, testEnv('linux'));
    for (const [text, version] of [[renderListJson(d), LIST_SCHEMA_VERSION], [renderHostsJson(d, []), HOSTS_SCHEMA_VERSION]] as const) {
      assert.ok(text.startsWith(`{\n  "schemaVersion": "${version}",\n`));
      assert.match(version, /^\d+\.\d+\.\d+$/);
    }
    assert.match(REPORT_SCHEMA_VERSION, /^\d+\.\d+\.\d+$/);
    for (const file of ['schemas/list.schema.json', 'schemas/hosts.schema.json', 'schemas/report.schema.json']) {
      assert.match(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'), /"schemaVersion": \{ "const": "\d+\.\d+\.\d+" \}/, file);
    }
  });
});

describe('the report JSON comes from the schema', () => {
  it('the writer keys are the schema properties (one source of truth)', () => {
    const schema: unknown = JSON.parse(readRepoFile('schemas/report.schema.json'));
    assert.ok(typeof schema === 'object' && schema !== null && 'properties' in schema && typeof schema.properties === 'object' && schema.properties !== null);
    assert.deepEqual(REPORT_SHAPE.keys, Object.keys(schema.properties));
    assert.ok(REPORT_SHAPE.children.get('entries')?.keys.includes('launch'));
  });

  it('real buildReport output of a fixture home renders valid JSON (not only the hand-written sample)', async () => {
    const result = await audit({ root: fixtureHome('linux'), projectScan: true }, testEnv('linux'));
    const report = buildReport(result, { version: '0.0.0-test' });
    assert.ok(report.entries.length > 50);
    assertValidReport(json.render(report, SAMPLE_CTX));
  });
});
