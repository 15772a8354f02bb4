import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { probe } from '../../src/probe/probe.js';
import type { ProbeFailure, StdioTarget } from '../../src/probe/types.js';

const OPTIONS = { timeoutMs: 3_000, graceMs: 300, hostEnv: { PATH: process.env['PATH'] } };

async function failure(script: string, env: Readonly<Record<string, string>>, args: readonly string[] = []): Promise<ProbeFailure> {
  const target: StdioTarget = { kind: 'stdio', program: process.execPath, args: ['-e', script, '--', ...args], env };
  const capture = await probe(target, OPTIONS);
  if (capture.ok) assert.fail('captured as a success');
  return capture;
}

/** Every fragment of `secret` at least 6 characters long. */
function fragments(secret: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 6 <= secret.length; i++) out.push(secret.slice(i, i + 6));
  return out;
}

function assertHidden(text: string, secret: string): void {
  for (const part of fragments(secret)) assert.ok(!text.includes(part), `${JSON.stringify(part)} shown in ${JSON.stringify(text)}`);
}

describe('stdio probe details and stderr tails never show a secret, in any form', () => {
  it('a non-JSON line is redacted before it is clipped and quoted', async () => {
    const secret = 'Kx7ProprietaryKeyMaterial5566';
    const { detail } = await failure(`process.stdout.write("x".repeat(48) + process.env.SIGNING_KEY + "\\n"); setInterval(() => {}, 1000)`, { SIGNING_KEY: secret });
    assert.match(detail, /^stdout is not JSON-RPC: "x{48}<redacted>"$/);
    assertHidden(detail, secret);
  });

  it('a secret with quotes and backslashes is masked in the quoted line', async () => {
    const secret = 'my"secret\\passw0rd';
    const { detail } = await failure(`process.stdout.write("config loaded, password=" + process.env.DB_PASSWORD + "\\n"); setInterval(() => {}, 1000)`, { DB_PASSWORD: secret });
    assert.equal(detail, 'stdout is not JSON-RPC: "config loaded, password=<redacted>"');
  });

  it('collapsed whitespace and a bare Bearer token are masked', async () => {
    const ws = await failure(`process.stdout.write("key: " + process.env.PASSPHRASE + "\\n"); setInterval(() => {}, 1000)`, { PASSPHRASE: 'tangerine   violet\tmarble' });
    assert.equal(ws.detail, 'stdout is not JSON-RPC: "key: <redacted>"');
    const bearer = await failure(`process.stderr.write("401: token " + process.env.API_AUTH.split(" ")[1] + " rejected\\n", () => process.exit(3))`, { API_AUTH: 'Bearer OpaqueTok3nValue998877' });
    assert.equal(bearer.stderrTail, '401: token <redacted> rejected\n');
  });

  it('the stderr tail is cut after redaction: no end of a secret is left', async () => {
    const secret = 'Zq9ConfidentialValue777abc';
    const { stderrTail } = await failure(
      `const s = process.env.API_SECRET; process.stderr.write("x".repeat(5000) + s + "y".repeat(2048 - (s.length - 2)), () => process.exit(3))`,
      { API_SECRET: secret });
    assert.ok(Buffer.byteLength(stderrTail) <= 2048);
    assertHidden(stderrTail, secret);
  });

  it('a JSON-RPC error message is redacted before it is clipped', async () => {
    const secret = 'ErrMsgSecretValue31415';
    const script = `process.stdin.once('data', (d) => { const id = JSON.parse(String(d).split("\\n")[0]).id;
      process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32000, message: "x".repeat(190) + process.env.KEY } }) + "\\n"); });
      setInterval(() => {}, 1000)`;
    const { detail } = await failure(script, { KEY: secret });
    assert.match(detail, /x{190}<redacted>/);
    assertHidden(detail, secret);
  });

  it('secret-looking argument values are masked', async () => {
    const { stderrTail } = await failure(
      `process.stderr.write("fatal: bad auth " + process.argv.slice(1).filter((a) => a !== "--").join(" ") + "\\n", () => process.exit(3))`, {},
      ['--password', 'CorrectHorseBattery9', '--api-key=ApiKeyValue123']);
    assert.equal(stderrTail, 'fatal: bad auth --password <redacted> --api-key=<redacted>\n');
  });
});
