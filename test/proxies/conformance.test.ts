/**
 * Every recognizer: ignores plain servers and garbage, and is recognised through every wrapper the
 * launch stage unwraps (STYLE §4). A skipped combination states its reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { PROXIES } from '../../src/proxies/index.js';
import type { ProxyId, Recognition } from '../../src/proxies/types.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { argvEntry, entry } from '../launch/entry-fixture.js';

interface Base {
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Package-runner forms of the same entry, or why there is none. */
  readonly runners: readonly (readonly string[])[] | string;
  /** Fields that must not change whatever wraps the command. */
  readonly stable: readonly (keyof Recognition)[];
}

const BASES: Readonly<Record<ProxyId, Base>> = {
  'mcpindex-gate': {
    argv: ['mcpindex-proxy', '--mcpindex-stdio', '--posture', 'strict', '--pin-store', '/p/s.json', '--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=srv'],
    runners: [['uvx', '--from', 'mcpindex-gate==0.9.2'], ['uv', 'tool', 'run', '--from', 'mcpindex-gate'], ['pipx', 'run', '--spec', 'mcpindex-gate', ]],
    stable: ['mode', 'blocking', 'store', 'upstream'],
  },
  'mcp-hangar': { argv: ['mcp-hangar', '--config', '/c/config.yaml', 'serve'], runners: [['uvx'], ['pipx', 'run'], ['uv', 'tool', 'run']], stable: ['store', 'aggregator'] },
  'mcp-context-protector': {
    argv: ['mcp-context-protector', '--command-args', 'node', '/srv/s.js'],
    runners: [['uv', 'run', '--directory', '/opt/cp'], ['uvx']],
    stable: ['upstream', 'approvalKey', 'store'],
  },
  mcptrust: {
    argv: ['mcptrust', 'proxy', '--lock', '/l/mcp-lock.json', '--', 'npx', '-y', 'srv'],
    runners: 'a Go binary: no package-runner form is published',
    stable: ['mode', 'store', 'upstream'],
  },
  'mcp-pin': {
    argv: ['mcp-pin', '--lock', 'mcp-pin.lock', '--name', 'files', '--', 'node', 'w.js'],
    runners: [['npx', '-y', '--package=mcp-pin@0.2.0'], ['bunx', '-p', 'mcp-pin'], ['npm', 'exec', '--package', 'mcp-pin', '--']],
    stable: ['serverId', 'store', 'upstream'],
  },
  'docker-mcp-gateway': { argv: ['docker', 'mcp', 'gateway', 'run'], runners: 'a Docker CLI plugin: no package-runner form', stable: ['pins'] },
  toolhive: { argv: ['thv', 'run', 'fetch'], runners: 'a Go binary: no package-runner form', stable: ['pins'] },
  'invariant-gateway': {
    argv: ['invariant-gateway', 'mcp', '--project-name', 'p', '--exec', 'npx', 'srv'],
    runners: [['uvx'], ['uv', 'tool', 'run']],
    stable: ['pins', 'upstream'],
  },
  'mcp-defender': {
    argv: ['mcp-defender-cli'],
    env: { MCP_DEFENDER_ORIGINAL_COMMAND: 'npx', MCP_DEFENDER_ORIGINAL_ARGS: '["-y","srv"]' },
    runners: 'recognised by its env, which no wrapper removes; its CLI has no published package-runner form',
    stable: ['pins', 'upstream'],
  },
  'enkrypt-gateway': { argv: ['secure-mcp-gateway', 'start'], runners: [['uvx'], ['pipx', 'run']], stable: ['pins'] },
  'mcp-remote': {
    argv: ['mcp-remote', 'https://remote.example/mcp'],
    runners: [['npx', '-y'], ['pnpm', 'dlx'], ['bunx'], ['yarn', 'dlx'], ['npm', 'exec', '--yes', '--']],
    stable: ['pins', 'upstream'],
  },
};

const shQuote = (s: string): string => (/^[A-Za-z0-9_./=:@-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const dQuote = (s: string): string => `"${s.replace(/(["\\$`])/g, '\\$1')}"`;
const psQuote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** Wrappers the launch stage sees through: name → argv transform (or why it does not apply). */
const WRAPPERS: readonly { readonly name: string; readonly wrap: (argv: readonly string[]) => readonly string[] }[] = [
  { name: 'env prefix', wrap: (a) => ['env', 'LOG_LEVEL=debug', ...a] },
  { name: 'absolute env with -u', wrap: (a) => ['/usr/bin/env', '-u', 'DEBUG', 'PATH=/usr/bin:/bin', ...a] },
  { name: 'sh -c', wrap: (a) => ['sh', '-c', a.map(shQuote).join(' ')] },
  { name: 'bash -lc with double quotes and exec', wrap: (a) => ['bash', '-lc', `LOG=1 exec ${a.map(dQuote).join(' ')}`] },
  { name: 'zsh -c', wrap: (a) => ['zsh', '-c', a.map(shQuote).join(' ')] },
  { name: 'cmd /c (argv)', wrap: (a) => ['cmd', '/c', ...a] },
  { name: 'cmd /d /s /c (one string)', wrap: (a) => ['cmd.exe', '/d', '/s', '/c', a.join(' ')] },
  { name: 'powershell -Command', wrap: (a) => ['powershell', '-NoProfile', '-ExecutionPolicy', 'Bypass', '-Command', `& ${a.map(psQuote).join(' ')}`] },
  { name: 'pwsh -c', wrap: (a) => ['pwsh', '-c', a.map(psQuote).join(' ')] },
];

const absolute = (a: readonly string[]): readonly string[] => [`/usr/local/bin/${a[0] ?? ''}`, ...a.slice(1)];
const windowsExe = (a: readonly string[]): readonly string[] => [`C:\\Tools\\${(a[0] ?? '').toUpperCase()}.EXE`, ...a.slice(1)];
const windowsCmd = (a: readonly string[]): readonly string[] => [`${a[0] ?? ''}.cmd`, ...a.slice(1)];

function recognise(id: ProxyId, e: ServerEntry): Recognition | undefined {
  const r = PROXIES.find((p) => p.id === id);
  assert.ok(r !== undefined, id);
  return r.recognize(unwrap(e), e);
}

function forms(base: Base): { name: string; argv: readonly string[]; bare: boolean }[] {
  const out: { name: string; argv: readonly string[]; bare: boolean }[] = [{ name: 'direct', argv: base.argv, bare: true }];
  out.push({ name: 'absolute path', argv: absolute(base.argv), bare: false });
  out.push({ name: '.EXE suffix, Windows path', argv: windowsExe(base.argv), bare: false });
  out.push({ name: '.cmd suffix', argv: windowsCmd(base.argv), bare: true });
  if (typeof base.runners !== 'string') {
    for (const r of base.runners) {
      const runnerArgv = [...r, ...base.argv];
      out.push({ name: `runner ${r.join(' ')}`, argv: runnerArgv, bare: true });
      out.push({ name: `runner ${r.join(' ')}, absolute runner`, argv: absolute(runnerArgv), bare: false });
    }
  }
  return out;
}

test('the registry lists every ProxyId once, ids unique, versions positive', () => {
  const ids = PROXIES.map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual([...ids].sort(), Object.keys(BASES).sort());
  for (const p of PROXIES) assert.ok(Number.isInteger(p.version) && p.version > 0, p.id);
});

for (const p of PROXIES) {
  const base = BASES[p.id];
  test(`${p.id}: recognised through every unwrapper`, (t) => {
    if (typeof base.runners === 'string') t.diagnostic(`package-runner form skipped: ${base.runners}`);
    for (const form of forms(base)) {
      const direct = recognise(p.id, argvEntry(form.argv, { env: base.env ?? {} }));
      assert.equal(direct?.proxy, p.id, `${p.id} ${form.name}`);
      if (p.id !== 'mcp-defender') assert.equal(direct.bareName, form.bare, `${p.id} ${form.name}: bareName`);
      for (const w of WRAPPERS) {
        const wrapped = recognise(p.id, argvEntry(w.wrap(form.argv), { env: base.env ?? {} }));
        assert.equal(wrapped?.proxy, p.id, `${p.id} ${form.name} inside ${w.name}`);
        for (const key of base.stable) {
          assert.deepEqual(wrapped[key], direct[key], `${p.id} ${form.name} inside ${w.name}: ${key}`);
        }
      }
    }
  });
}

const PLAIN: readonly ServerEntry[] = [
  argvEntry(['npx', '-y', '@modelcontextprotocol/server-filesystem', '/data']),
  argvEntry(['uvx', 'mcp-server-fetch']),
  argvEntry(['node', '/srv/weather/index.js', '--port', '3000']),
  argvEntry(['python', '-m', 'mcp_server_time', '--local-timezone', 'UTC']),
  argvEntry(['docker', 'run', '-i', '--rm', 'mcp/github']),
  argvEntry(['sh', '-c', 'cat x | mcp-server']),
  argvEntry(['cmd', '/c', 'npx', '-y', '@modelcontextprotocol/server-memory']),
  entry({ url: 'https://mcp.example.com/mcp' }),
  entry({ name: 'weather', url: 'http://localhost:8000/mcp' }),
];

const GARBAGE: readonly ServerEntry[] = [
  entry({}),
  entry({ command: '' }),
  entry({ command: ' ', args: ['', '--', '\u0000', '${x}'] }),
  entry({ command: '--proxy', args: ['--mcpindex', '--upstream', '--lock'] }),
  entry({ command: 'x', raw: 42 }),
  entry({ command: 'x', raw: 'mcp-hangar' }),
  entry({ command: 'x', raw: null }),
  entry({ command: 'x', raw: ['_mcpindexWired'] }),
  entry({ command: 'x', raw: { _mcpindexWired: 'yes' } }),
  entry({ url: '' }),
  entry({ url: 'not a url' }),
];

for (const p of PROXIES) {
  test(`${p.id}: ignores plain servers and garbage, never throws`, () => {
    for (const e of [...PLAIN, ...GARBAGE]) {
      assert.equal(p.recognize(unwrap(e), e), undefined, `${p.id} on ${JSON.stringify([e.command, ...e.args, e.url])}`);
    }
    const hostile: unknown = { command: 7, args: 'x', env: [1], url: {}, raw: undefined, name: 3 };
    const broken = Object.assign(entry({}), hostile);
    assert.doesNotThrow(() => p.recognize(unwrap(broken), broken));
    const fakeChain: unknown = { frames: 'no', leaf: null, env: 5 };
    // A chain that breaks its type (a bug upstream) is never recognised: the recognizer answers
    // undefined or throws, and the grader reports a throw as recognizer-failed (test/grade/chain.test.ts).
    let answer: unknown;
    try { answer = p.recognize(Object.assign(unwrap(entry({})), fakeChain), entry({})); } catch { answer = undefined; }
    assert.equal(answer, undefined);
  });
}

/**
 * Every program a module lists as `other` (a subcommand or script of its package that is not the
 * proxy) is never recognised as a blocking pinning proxy, with or without proxy-like arguments.
 */
for (const p of PROXIES) {
  test(`${p.id}: its non-proxy programs are never a blocking pinning proxy`, (t) => {
    const others = p.programs.filter((prog) => prog.role === 'other' && prog.kind === 'bin');
    if (others.length === 0) t.diagnostic('the module lists no other program');
    for (const prog of others) {
      for (const tail of [[], ['--', 'node', 's.js'], ['--lock', '/l.json', '--fail-on', 'moderate', '--', 'node', 's.js']]) {
        const argv = [prog.name, ...prog.subcommand, ...tail];
        const rec = recognise(p.id, argvEntry(argv));
        assert.ok(rec === undefined || !rec.pins || !rec.blocking, `${p.id}: ${argv.join(' ')} is recognised as a blocking pinning proxy`);
      }
    }
  });
}
