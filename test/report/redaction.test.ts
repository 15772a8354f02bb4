import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REPORTERS } from '../../src/report/index.js';
import type { AuditReport } from '../../src/report/model.js';
import { sortReport } from '../../src/report/sort.js';
import { redactArgv } from '../../src/shared/redact.js';
import { loadSample, SAMPLE_CTX } from './sample.js';
import { assertValidReport } from './validate.js';

/**
 * Env and header values never reach an output. Reporters only ever see keys, but a producer
 * could spread a parsed ServerEntry (env, headers, raw) into a report entry: TypeScript allows
 * the excess properties. Plant secrets there and check that no reporter prints them.
 */
const SECRET_ENV = 'ghp_PLANTEDenvSECRET0123456789';
const SECRET_HEADER = 'Bearer PLANTEDheaderSECRET9876';
const SECRET_RAW = 'sk-PLANTEDrawSECRET5555';

function contaminated(): AuditReport {
  const report = sortReport(loadSample());
  const entries = report.entries.map((e) => ({
    ...e,
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: SECRET_ENV, HOME: SECRET_ENV },
    headers: { Authorization: SECRET_HEADER },
    raw: { command: 'npx', env: { TOKEN: SECRET_RAW } },
    proxy: e.proxy === null ? null : { ...e.proxy, env: { TOKEN: SECRET_ENV } },
    location: { ...e.location, value: SECRET_RAW },
    findings: e.findings.map((f) => ({ ...f, env: { TOKEN: SECRET_ENV }, headers: { X: SECRET_HEADER } })),
  }));
  return { ...report, entries, findings: report.findings.map((f) => ({ ...f, raw: SECRET_RAW })), ...{ env: { A: SECRET_ENV } } };
}

for (const reporter of REPORTERS) {
  for (const color of [false, true]) {
    test(`${reporter.id}${color ? ' (colour)' : ''} prints no env, header or raw value planted beside the model`, () => {
      const out = reporter.render(contaminated(), { ...SAMPLE_CTX, color });
      for (const secret of [SECRET_ENV, SECRET_HEADER, SECRET_RAW, 'PLANTED']) {
        assert.ok(!out.includes(secret), `${reporter.id} leaked ${secret}`);
      }
      assert.ok(out.includes('GITHUB_PERSONAL_ACCESS_TOKEN') || reporter.id !== 'json', 'env KEYS are still reported');
    });
  }
}

test('the JSON of a contaminated report is still schema-valid (extra fields dropped, not passed through)', () => {
  const json = REPORTERS.find((r) => r.id === 'json');
  assert.ok(json !== undefined);
  assertValidReport(json.render(contaminated(), SAMPLE_CTX));
});

test('redactArgv: secrets carried through --upstream-arg= and glued header flags are masked', () => {
  const argv = [
    'uvx', '--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx',
    '--upstream-arg=mcp-remote', '--upstream-arg=https://x.example/mcp',
    '--upstream-arg=--header', '--upstream-arg=Authorization: Bearer live_abcdefgh12345',
    '--upstream-arg=--api-key', '--upstream-arg=s3cretKEYvalue99', '--upstream-arg=--password=hunter2secret',
    '--header=Authorization:Bearer live_zyxwvut98765', 'Bearer glued_token_value_1',
  ];
  const out = redactArgv(argv).join(' ');
  for (const secret of ['live_abcdefgh12345', 's3cretKEYvalue99', 'hunter2secret', 'live_zyxwvut98765', 'glued_token_value_1']) {
    assert.ok(!out.includes(secret), `${secret} leaked: ${out}`);
  }
  assert.ok(out.includes('--upstream-arg=--api-key') && out.includes('--upstream-arg=https://x.example/mcp'), 'flag names and harmless values stay');
  assert.ok(out.includes('--header=Authorization: <redacted>'));
});
