import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { fixtureHome } from '../hosts/helpers.js';
import { tempDir } from '../helpers/materialize.js';
import { BIN } from '../cli/commands/cli-harness.js';
import { prng } from '../canonical/random-docs.js';

/**
 * Property: whatever secret is planted in whatever argument, URL, env or header field of whatever
 * host's config (JSON, JSONC, TOML, YAML: the whole Linux fixture home, every host), no output of
 * the real CLI (every report format, --list, hosts, stderr) contains it. Secrets are random
 * (seeded, so a failure reproduces), in every form the redaction module knows.
 */


const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

interface Planter {
  readonly secrets: string[];
  body(n?: number, alphabet?: string): string;
}

function planter(seed: number): Planter {
  const rnd = prng(seed);
  const secrets: string[] = [];
  return {
    secrets,
    body(n = 24, alphabet = ALNUM): string {
      // A letter and a digit first, so the body is token-like wherever it lands.
      let s = `${'QXZW'[Math.floor(rnd() * 4)] ?? 'Q'}${Math.floor(rnd() * 10)}`;
      while (s.length < n) s += alphabet[Math.floor(rnd() * alphabet.length)] ?? 'x';
      secrets.push(s);
      return s;
    },
  };
}

/** Every argument form, each with a fresh random secret. */
function argForms(p: Planter): string[] {
  const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [
    '--api-key', p.body(), `--token=${p.body()}`, '--password', p.body(), `--client-secret=${p.body()}`,
    '--header', `X-Auth-Token: ${p.body()}`, '-H', `X-Custom:${p.body()}`, `--header=Authorization:Bearer ${p.body()}`,
    `X-Api-Key: ${p.body()}`, `-p${p.body()}`, `admin:${p.body()}@db.internal:5432/app`, `API_KEY=${p.body()}`,
    `postgres://svc:${p.body()}@db.example/app`, `https://hooks.example/services/${p.body()}/x`,
    `https://api.example/mcp?anything=${p.body()}`, `https://api.example/mcp#${p.body()}`,
    `sk_live_${p.body()}`, `glpat-${p.body()}`, `npm_${p.body(36)}`, `hf_${p.body(34)}`, `ghp_${p.body(36)}`,
    `xoxb-${p.body()}`, `AKIA${p.body(16, upper)}`, `word${'ghp_'}${p.body(36)}`, `Bearer ${p.body()}`,
    `eyJ${p.body(20)}.eyJ${p.body(20)}.${p.body(20)}`, '--upstream-arg=--api-key', `--upstream-arg=${p.body()}`,
  ];
}

const urlForms = (p: Planter): (() => string)[] => [
  () => `https://user:${p.body()}@mcp.example/mcp`,
  () => `https://mcp.example/mcp?key=${p.body()}`,
  () => `https://mcp.example/mcp?x=${p.body()}#${p.body()}`,
  () => `https://mcp.example/v1/${p.body()}/sse`,
];

const ENV_LIKE = /^(env|envs|environment|headers|http_headers|env_http_headers)$/i;

/** Plants secrets in every args-like array, URL string and env/header map of a parsed config. */
function plant(value: unknown, p: Planter, key = ''): unknown {
  if (Array.isArray(value)) {
    const mapped = value.map((v) => plant(v, p));
    return value.every((v) => typeof v === 'string') && /args/i.test(key) ? [...mapped, ...argForms(p)] : mapped;
  }
  if (typeof value === 'string') {
    if (/^https?:\/\//.test(value)) {
      const forms = urlForms(p);
      return forms[p.secrets.length % forms.length]?.() ?? value;
    }
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    const entries: [string, unknown][] = Object.entries(value);
    for (const [k, v] of entries) {
      if (ENV_LIKE.test(k) && typeof v === 'object' && v !== null && !Array.isArray(v)) {
        out[k] = Object.fromEntries(Object.keys(v).map((name) => [name, p.body()]));
      } else {
        out[k] = plant(v, p, k);
      }
    }
    return out;
  }
  return value;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

function plantFile(file: string, p: Planter): void {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.toml')) writeFileSync(file, stringifyToml(plant(parseToml(text), p) as Record<string, unknown>));
  else if (/\.ya?ml$/.test(file)) writeFileSync(file, stringifyYaml(plant(parseYaml(text), p)));
  else if (/\.(jsonc?|code-workspace)$/.test(file)) {
    const doc: unknown = parseJsonc(text, [], { allowTrailingComma: true });
    writeFileSync(file, JSON.stringify(plant(doc, p), null, 2));
  }
}

const RUNS: readonly (readonly string[])[] = [
  ['scan', '--format', 'json'], ['scan', '--format', 'table'], ['scan', '--format', 'markdown'], ['scan', '--format', 'sarif'],
  ['scan', '--list', '--format', 'json'], ['scan', '--list', '--format', 'table'], ['hosts', '--format', 'json'],
];

for (const seed of [1, 2, 3]) {
  describe(`planted secrets never reach an output (seed ${seed})`, () => {
    let home = '';
    const p = planter(seed);
    before(async () => {
      home = await tempDir('mcp-audit-planted');
      cpSync(fixtureHome('linux'), home, { recursive: true });
      rmSync(path.join(home, 'expected.json'), { force: true });
      for (const f of files(home)) plantFile(f, p);
    });
    after(() => {
      if (home !== '') rmSync(home, { recursive: true, force: true });
    });

    for (const args of RUNS) {
      it(args.join(' '), () => {
        assert.ok(p.secrets.length > 500, `planted ${p.secrets.length} secrets`);
        const r = spawnSync(process.execPath, [BIN, ...args, '--root', home], { encoding: 'utf8', cwd: home });
        assert.ok(r.status === 0 || r.status === 1, `exit ${String(r.status)}: ${r.stderr}`);
        assert.ok(r.stdout.length > 1000, 'a real report was printed');
        const leaked = p.secrets.filter((s) => r.stdout.includes(s) || r.stderr.includes(s));
        const out = r.stdout + r.stderr;
        const context = leaked.slice(0, 3).map((s) => out.slice(Math.max(0, out.indexOf(s) - 120), out.indexOf(s) + s.length + 20));
        assert.deepEqual(leaked, [], `leaked ${leaked.length} of ${p.secrets.length}:\n${context.join('\n---\n')}`);
      });
    }
  });
}
