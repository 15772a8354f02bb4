/**
 * A generated corpus of config files for the edit properties (test/fix/fuzz.test.ts) and the
 * refusal-rate bench (test/bench/edits.ts): for every format a host reads (strict JSON, JSONC,
 * YAML, TOML) files in the layouts people write, with a BOM, CRLF or mixed line endings, comments,
 * indentation of 2, 4 or a tab, flow and block YAML, TOML tables, dotted keys and inline tables.
 *
 * Each case is built from pieces so the test knows exactly which bytes are the edited entry's:
 * `head` + entry + `tail`; everything in head and tail must survive every edit byte for byte.
 * Deterministic: a seeded generator, so a failure names its seed and case.
 */
import type { HostDefinition } from '../../src/hosts/types.js';
import { amazonQ } from '../../src/hosts/amazon-q.js';
import { codex } from '../../src/hosts/codex.js';
import { cursor } from '../../src/hosts/cursor.js';
import { continueDev as continueHost } from '../../src/hosts/continue.js';
import { goose } from '../../src/hosts/goose.js';
import { prng } from '../canonical/random-docs.js';

export type CorpusFormat = 'json' | 'jsonc' | 'yaml' | 'toml';

export interface CorpusCase {
  readonly id: string;
  readonly format: CorpusFormat;
  /** Home-relative path of the file. */
  readonly file: string;
  readonly host: HostDefinition;
  readonly head: string;
  readonly entry: string;
  readonly tail: string;
  /** The name of the edited entry. */
  readonly name: string;
  /** What the entry is: a plain server (wrap it), or behind mcpindex-gate with a planted store (fix it). */
  readonly kind: 'plain' | 'planted';
  /** Layout notes, for messages and the bench's breakdown. */
  readonly layout: string;
}

export const text = (c: CorpusCase): string => c.head + c.entry + c.tail;

/** The suite's one seeded generator (mulberry32, test/canonical/random-docs.ts), to pick layouts. */
export const rng = prng;

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

const PLAIN_ARGV: readonly (readonly string[])[] = [
  ['npx', '-y', '@modelcontextprotocol/server-filesystem', '/srv/data'],
  ['uvx', 'mcp-server-fetch'],
  ['node', '/opt/tools/server.js', '--port', '0'],
  ['npx', '-y', '@upstash/context7-mcp@1.0.14'],
];
const PLANTED_ARGV: readonly string[] = ['uvx', '--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--pin-store', '/tmp/planted.json', '--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=@modelcontextprotocol/server-github'];

/** The line endings of a case: every line LF, every line CRLF, or a mix (CRLF on odd lines). */
function endings(r: Rand): { name: string; apply: (s: string, lineNo: { n: number }) => string } {
  const kind = pick(r, ['lf', 'crlf', 'mixed'] as const);
  return {
    name: kind,
    apply: (s, lineNo) => s.replace(/\n/g, () => (kind === 'crlf' || (kind === 'mixed' && lineNo.n++ % 2 === 1) ? '\r\n' : '\n')),
  };
}

/** Splits a generated text at the entry marks into head, entry and tail, with the case's line endings. */
function cut(r: Rand, raw: string, bom: boolean): { head: string; entry: string; tail: string; eol: string } {
  const eol = endings(r);
  const counter = { n: 0 };
  const [h = '', rest = ''] = raw.split('\u0001');
  const [e = '', t = ''] = rest.split('\u0002');
  const head = (bom ? '\ufeff' : '') + eol.apply(h, counter);
  const entry = eol.apply(e, counter);
  const tail = eol.apply(t, counter);
  return { head, entry, tail, eol: eol.name };
}

function jsonCase(r: Rand, i: number, strict: boolean): CorpusCase {
  const kind = r() < 0.5 ? 'plain' : 'planted';
  const argv = kind === 'plain' ? pick(r, PLAIN_ARGV) : PLANTED_ARGV;
  const unit = pick(r, ['  ', '    ', '\t']);
  const inlineArgs = r() < 0.5;
  const comments = !strict && r() < 0.6;
  const argComment = !strict && !inlineArgs && r() < 0.3;
  const trailing = !strict && r() < 0.4;
  const argsFirst = r() < 0.2;
  const extra = pick(r, ['', 'type', 'env', 'timeout']);
  const name = `srv${i}`;
  const q = (s: string): string => JSON.stringify(s);
  const ind = (n: number): string => unit.repeat(n);
  const [command = '', ...args] = argv;
  const argsText = inlineArgs
    ? `[${args.map(q).join(', ')}]`
    : `[\n${args.map((a, k) => `${ind(4)}${q(a)}${k === 0 && argComment ? ', // the first' : k < args.length - 1 ? ',' : ''}`).join('\n')}${trailing ? ',' : ''}\n${ind(3)}]`;
  const members: string[] = [];
  const cmd = `${ind(3)}"command": ${q(command)}`;
  const arr = `${ind(3)}"args": ${argsText}`;
  if (argsFirst) members.push(arr, cmd); else members.push(cmd, arr);
  if (extra === 'type') members.unshift(`${ind(3)}"type": "stdio"`);
  if (extra === 'env') members.push(`${ind(3)}"env": { "LOG_LEVEL": "debug" }`);
  if (extra === 'timeout') members.push(`${ind(3)}"timeout": 60000`);
  const body = `{\n${members.join(`,${comments ? ' // kept' : ''}\n`)}${trailing ? ',' : ''}\n${ind(2)}}`;
  const before = `${comments ? `${ind(2)}// servers I use\n` : ''}${ind(2)}"before": { "command": "node", "args": ["/opt/a.js"] },\n`;
  const after = `,\n${ind(2)}"after": { "url": "https://example.com/mcp" }${trailing ? ',' : ''}\n`;
  const raw = `${comments ? '/* my config */\n' : ''}{\n${ind(1)}"mcpServers": {\n${before}${ind(2)}${q(name)}: \u0001${body}\u0002${after}${ind(1)}}${trailing ? ',' : ''}\n}\n`;
  const bom = r() < 0.3;
  const c = cut(r, raw, bom);
  const host = strict ? amazonQ : cursor;
  const file = strict ? '.aws/amazonq/mcp.json' : '.cursor/mcp.json';
  return {
    id: `${strict ? 'json' : 'jsonc'}-${i}`, format: strict ? 'json' : 'jsonc', file, host, head: c.head, entry: c.entry, tail: c.tail, name, kind,
    layout: [c.eol, bom ? 'bom' : '', inlineArgs ? 'inline-args' : 'multiline-args', comments ? 'comments' : '', argComment ? 'comment-in-args' : '', trailing ? 'trailing-commas' : '', unit === '\t' ? 'tabs' : `${unit.length}-space`].filter((x) => x !== '').join(' '),
  };
}

type QuoteStyle = 'plain' | 'double' | 'single';

/** A scalar in a quoting style; `plain` quotes (double) only what would not read back as the string. */
function yamlScalar(style: QuoteStyle, s: string): string {
  const plainOk = /^[A-Za-z0-9/-][A-Za-z0-9_./=@:-]*$/.test(s) && !/^(true|false|null|yes|no|on|off|~|[-+]?[0-9.]+)$/i.test(s) && !s.includes(': ');
  if (style === 'double' || (style === 'plain' && !plainOk)) return JSON.stringify(s);
  if (style === 'single') return `'${s.replace(/'/g, "''")}'`;
  return s;
}

function yamlCase(r: Rand, i: number): CorpusCase {
  const kind = r() < 0.5 ? 'plain' : 'planted';
  const argv = kind === 'plain' ? pick(r, PLAIN_ARGV) : PLANTED_ARGV;
  const [command = '', ...args] = argv;
  const unit = pick(r, [2, 4]);
  const sp = (n: number): string => ' '.repeat(unit * n);
  const seqIndent = r() < 0.5 ? sp(3) : sp(2);
  const layout = pick(r, ['block', 'block-flow-args', 'flow-entry', 'list'] as const);
  const itemComment = layout === 'block' && r() < 0.3;
  const comments = r() < 0.5;
  const name = `srv${i}`;
  // One quoting style per value, as people write them: plain where it reads back, or all quoted.
  const cmdStyle = pick(r, ['plain', 'double', 'single'] as const);
  const seqStyle = pick(r, ['plain', 'double', 'single'] as const);
  const q1 = (s: string): string => yamlScalar(cmdStyle, s);
  const qs = (s: string): string => yamlScalar(seqStyle, s);
  let body: string;
  if (layout === 'flow-entry') {
    body = `{ cmd: ${q1(command)}, args: [${args.map(qs).join(', ')}], enabled: true, type: stdio, name: ${name} }`;
  } else {
    const argsText = layout === 'block-flow-args'
      ? ` [${args.map(qs).join(', ')}]`
      : `\n${args.map((a, k) => `${seqIndent}- ${qs(a)}${itemComment && k === 0 ? '  # first' : ''}`).join('\n')}`;
    body = [
      `cmd: ${q1(command)}${comments ? '  # the runner' : ''}`,
      `${sp(2)}args:${argsText}`,
      `${sp(2)}enabled: true`,
      `${sp(2)}type: stdio`,
      `${sp(2)}name: ${name}`,
    ].join('\n');
  }
  const before = `${comments ? `${sp(1)}# my extensions\n` : ''}${sp(1)}developer:\n${sp(2)}bundled: true\n${sp(2)}enabled: true\n${sp(2)}name: developer\n${sp(2)}type: builtin\n`;
  if (layout === 'list') return continueCase(r, i, kind, command, args, unit, q1, qs, comments);
  const entryLead = layout === 'flow-entry' ? `${sp(1)}${name}: ` : `${sp(1)}${name}:\n${sp(2)}`;
  const after = `\n${sp(1)}remote:\n${sp(2)}enabled: false\n${sp(2)}type: sse\n${sp(2)}uri: https://tools.example.com/sse\n${comments ? '# end\n' : ''}`;
  const raw = `GOOSE_PROVIDER: anthropic\nextensions:\n${before}${entryLead}\u0001${body}\u0002${after}`;
  const bom = r() < 0.3;
  const c = cut(r, raw, bom);
  return {
    id: `yaml-${i}`, format: 'yaml', file: '.config/goose/config.yaml', host: goose, head: c.head, entry: c.entry, tail: c.tail, name, kind,
    layout: [c.eol, bom ? 'bom' : '', layout, comments ? 'comments' : '', itemComment ? 'comment-on-item' : '', `${unit}-space`, `${cmdStyle}/${seqStyle}`, seqIndent === sp(3) ? 'indented-seq' : 'flush-seq'].filter((x) => x !== '').join(' '),
  };
}

/** Continue's ~/.continue/config.yaml: `mcpServers` is a list of `- name: …` maps. */
function continueCase(
  r: Rand, i: number, kind: 'plain' | 'planted', command: string, args: readonly string[], unit: number,
  q1: (s: string) => string, qs: (s: string) => string, comments: boolean,
): CorpusCase {
  const sp = (n: number): string => ' '.repeat(unit * n);
  const name = `srv${i}`;
  const body = [`name: ${name}`, `${sp(1)}  command: ${q1(command)}${comments ? '  # the runner' : ''}`, `${sp(1)}  args:`, ...args.map((a) => `${sp(1)}    - ${qs(a)}`)].join('\n');
  const raw = `name: Local Assistant\nversion: 1.0.0\nschema: v1\nmcpServers:\n${sp(1)}- name: before\n${sp(1)}  command: node\n${sp(1)}- \u0001${body}\u0002\n${sp(1)}- name: after\n${sp(1)}  type: streamable-http\n${sp(1)}  url: https://search.example.com/mcp\n`;
  const bom = r() < 0.3;
  const c = cut(r, raw, bom);
  return {
    id: `yaml-${i}`, format: 'yaml', file: '.continue/config.yaml', host: continueHost, head: c.head, entry: c.entry, tail: c.tail, name, kind,
    layout: [c.eol, bom ? 'bom' : '', 'list', comments ? 'comments' : '', `${unit}-space`].filter((x) => x !== '').join(' '),
  };
}

function tomlString(literal: boolean, s: string): string {
  return literal && !s.includes("'") ? `'${s}'` : JSON.stringify(s);
}

function tomlCase(r: Rand, i: number): CorpusCase {
  const kind = r() < 0.5 ? 'plain' : 'planted';
  const argv = kind === 'plain' ? pick(r, PLAIN_ARGV) : PLANTED_ARGV;
  const [command = '', ...args] = argv;
  const layout = pick(r, ['table', 'table-multiline-args', 'inline-table', 'dotted', 'dotted-root'] as const);
  const comments = r() < 0.5;
  // Literal ('…') or basic ("…") strings, one choice per file.
  const literal = r() < 0.3;
  const name = `srv${i}`;
  const arrComment = r() < 0.25;
  const arr = (multi: boolean): string => (multi
    ? `[\n${args.map((a, k) => `  ${tomlString(literal, a)},${arrComment && k === 0 ? ' # first' : ''}`).join('\n')}\n]`
    : `[${args.map((a) => tomlString(literal, a)).join(', ')}]`);
  const preamble = `model = "gpt-5-codex"\n${comments ? '# servers\n' : ''}`;
  const other = '[mcp_servers.before]\ncommand = "node"\nargs = ["/opt/a.js"]\n\n';
  const otherAfter = '\n[mcp_servers.after]\nurl = "https://example.com/mcp"\n';
  let raw: string;
  if (layout === 'table' || layout === 'table-multiline-args') {
    const env = r() < 0.3 ? `\n[mcp_servers.${name}.env]\nLOG_LEVEL = "debug"\n` : '';
    raw = `${preamble}${other}\u0001[mcp_servers.${name}]\ncommand = ${tomlString(literal, command)}${comments ? ' # runner' : ''}\nargs = ${arr(layout === 'table-multiline-args')}\n${env}\u0002${otherAfter}`;
  } else if (layout === 'inline-table') {
    raw = `${preamble}[mcp_servers]\nbefore = { command = "node", args = ["/opt/a.js"] }\n\u0001${name} = { command = ${tomlString(literal, command)}, args = ${arr(false)} }\n\u0002after = { url = "https://example.com/mcp" }\n`;
  } else if (layout === 'dotted') {
    raw = `${preamble}[mcp_servers]\nbefore.command = "node"\n\u0001${name}.command = ${tomlString(literal, command)}\n${name}.args = ${arr(false)}\n\u0002after.url = "https://example.com/mcp"\n`;
  } else {
    raw = `${preamble}mcp_servers.before.command = "node"\n\u0001mcp_servers.${name}.command = ${tomlString(literal, command)}\nmcp_servers.${name}.args = ${arr(false)}\n\u0002mcp_servers.after.url = "https://example.com/mcp"\n`;
  }
  const bom = r() < 0.3;
  const c = cut(r, raw, bom);
  return {
    id: `toml-${i}`, format: 'toml', file: '.codex/config.toml', host: codex, head: c.head, entry: c.entry, tail: c.tail, name, kind,
    layout: [c.eol, bom ? 'bom' : '', layout, comments ? 'comments' : '', literal ? 'literal-strings' : '', arrComment && layout === 'table-multiline-args' ? 'comment-in-array' : ''].filter((x) => x !== '').join(' '),
  };
}

/** `perFormat` cases of each format from `seed`. */
export function corpus(seed: number, perFormat: number): CorpusCase[] {
  const r = rng(seed);
  const out: CorpusCase[] = [];
  for (let i = 0; i < perFormat; i++) {
    out.push(jsonCase(r, i, true), jsonCase(r, i, false), yamlCase(r, i), tomlCase(r, i));
  }
  return out;
}
