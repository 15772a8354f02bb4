/**
 * Config files of a launch, read as the tools read them: npm's npmrc with the `ini` package npm
 * itself uses (npm/cli@v11.19.1:workspaces/config/lib/index.js #loadFile: ini.parse, then each key
 * through env-replace.js), TOML with smol-toml (uv.toml, pyproject.toml [tool.uv], bunfig.toml),
 * pip's configparser files with `ini` (sections kept, option names lower-cased and `_` → `-` as
 * pypa/pip@23.2.1:src/pip/_internal/configuration.py _normalized_keys does), dotenv files with the
 * `dotenv` package's grammar, JSON(C) and YAML. Values never leave this module: a key is reported
 * with its line only.
 */
import { parse as parseIni } from 'ini';
import { parse as parseToml } from 'smol-toml';
import { parse as parseDotenv } from 'dotenv';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parse as parseYaml } from 'yaml';
import type { ConfigFileSpec } from '../shared/inventory.js';
import { toError } from '../shared/errors.js';

/** One key a file sets, or one variable a dotenv file assigns. Its value is kept for benign-value checks only: never print it. */
export interface ConfigKey {
  readonly key: string;
  readonly line: number;
  readonly value: string | undefined;
}

export type ParsedConfig = { readonly ok: true; readonly keys: readonly ConfigKey[] } | { readonly ok: false; readonly reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** npm's env-replace.js: `${NAME}` (and `${NAME?}`, empty when unset) from npm's environment; an odd run of backslashes escapes it. */
export function npmEnvReplace(text: string, env: ReadonlyMap<string, string>): { text: string; unknown: boolean } {
  let unknown = false;
  const out = text.replace(/(?<!\\)(\\*)\$\{([^${}?]+)(\?)?\}/g, (orig, esc: string, name: string, modifier: string | undefined) => {
    if (esc.length % 2 === 1) return orig.slice((esc.length + 1) / 2);
    const value = env.get(name);
    if (value === undefined) unknown = true;
    return esc.slice(esc.length / 2) + (value ?? (modifier === '?' ? '' : `\${${name}}`));
  });
  return { text: out, unknown };
}

/** The 1-based line of the first line that sets `raw` (`raw =`, `raw[] =`, `raw:` or a bare `raw`), else the table header naming it, else 1. */
function lineOf(lines: readonly string[], key: string): number {
  const escaped = key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const assign = new RegExp(`^\\s*(?:export\\s+)?["']?${escaped}["']?\\s*(\\[\\])?\\s*([=:]|$)`);
  const header = new RegExp(`^\\s*\\[+\\s*["']?${escaped}\\b`);
  const at = lines.findIndex((l) => assign.test(l));
  if (at >= 0) return at + 1;
  const h = lines.findIndex((l) => header.test(l));
  return h >= 0 ? h + 1 : 1;
}

const scalar = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

/** Keys of a TOML/JSON/YAML table, flattened one level (`install.registry`) so a table's own keys can be judged. */
function tableKeys(table: Record<string, unknown>, lines: readonly string[]): ConfigKey[] {
  const out: ConfigKey[] = [];
  for (const [k, v] of Object.entries(table)) {
    if (isRecord(v) && Object.keys(v).length > 0) {
      for (const [k2, v2] of Object.entries(v)) out.push({ key: `${k}.${k2}`, line: lineOf(lines, k2), value: scalar(v2) });
    } else {
      out.push({ key: k, line: lineOf(lines, k), value: scalar(v) });
    }
  }
  return out;
}

function npmrc(text: string, lines: readonly string[], env: ReadonlyMap<string, string>): ParsedConfig {
  const parsed: unknown = parseIni(text);
  if (!isRecord(parsed)) return { ok: false, reason: 'not an ini document' };
  return {
    ok: true,
    keys: Object.entries(parsed).map(([raw, v]) => {
      const key = npmEnvReplace(raw, env);
      // A key that depends on a variable npm's environment holds and the audit cannot see is not a known key.
      return { key: key.unknown ? `${raw} (depends on a variable)` : key.text, line: lineOf(lines, raw), value: scalar(v) };
    }),
  };
}

function pipIni(text: string, lines: readonly string[]): ParsedConfig {
  const parsed: unknown = parseIni(text);
  if (!isRecord(parsed)) return { ok: false, reason: 'not an ini document' };
  const out: ConfigKey[] = [];
  for (const [section, body] of Object.entries(parsed)) {
    // configparser refuses an option outside a section (pip then stops): not a setting mcp-audit can judge.
    if (!isRecord(body)) { out.push({ key: `${section} (outside any section)`, line: lineOf(lines, section), value: undefined }); continue; }
    for (const [name, v] of Object.entries(body)) {
      out.push({ key: `${section}.${name.toLowerCase().replace(/_/g, '-').replace(/^--/, '')}`, line: lineOf(lines, name), value: scalar(v) });
    }
  }
  return { ok: true, keys: out };
}

function toml(text: string, lines: readonly string[], section: readonly string[] | undefined): ParsedConfig {
  let table: unknown = parseToml(text);
  for (const part of section ?? []) table = isRecord(table) ? table[part] : undefined;
  if (table === undefined) return { ok: true, keys: [] };
  if (!isRecord(table)) return { ok: false, reason: `${(section ?? []).join('.')} is not a table` };
  return { ok: true, keys: tableKeys(table, lines) };
}

function json(text: string, lines: readonly string[]): ParsedConfig {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) return { ok: false, reason: 'not valid JSON' };
  if (!isRecord(value)) return { ok: false, reason: 'not a JSON object' };
  return { ok: true, keys: Object.keys(value).map((k) => ({ key: k, line: lineOf(lines, k), value: undefined })) };
}

function yaml(text: string, lines: readonly string[]): ParsedConfig {
  const value: unknown = parseYaml(text);
  if (value === null || value === undefined) return { ok: true, keys: [] };
  if (!isRecord(value)) return { ok: false, reason: 'not a YAML mapping' };
  return { ok: true, keys: Object.keys(value).map((k) => ({ key: k, line: lineOf(lines, k), value: undefined })) };
}

/** The `env` object of a JSON settings file: each key a variable; a value that is not a string is kept as its JSON text. */
function jsonEnv(text: string, lines: readonly string[]): ParsedConfig {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) return { ok: false, reason: 'not valid JSON' };
  if (!isRecord(value)) return { ok: false, reason: 'not a JSON object' };
  const env = value.env;
  if (env === undefined) return { ok: true, keys: [] };
  if (!isRecord(env)) return { ok: false, reason: '`env` is not an object' };
  return { ok: true, keys: Object.entries(env).map(([k, v]) => ({ key: k, line: lineOf(lines, k), value: typeof v === 'string' ? v : JSON.stringify(v) ?? '' })) };
}

function dotenv(text: string, lines: readonly string[]): ParsedConfig {
  const parsed = parseDotenv(text);
  return { ok: true, keys: Object.entries(parsed).map(([k, v]) => ({ key: k, line: lineOf(lines, k), value: v })) };
}

/** A start-up script runs as code unless it holds nothing but blank lines and comments. */
function script(text: string): ParsedConfig {
  const lines = text.split(/\r?\n/);
  const code = lines.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  return { ok: true, keys: code < 0 ? [] : [{ key: 'commands', line: code + 1, value: undefined }] };
}

/**
 * A uv version file (astral-sh/uv@174579cd5e0847c3dab5dbe57051b371f1115288:crates/uv-python/src/version_files.rs
 * `try_from_path`: each line not blank and not starting with `#`, trimmed-checked, is a PythonRequest).
 * A bare version (`3.12`, `cpython-3.12.1`, `pypy@3.10`, `3.13t`) is a `version-request`: uv finds a
 * matching interpreter where it would without the file. Anything else (a path, an executable name,
 * a range) is an `interpreter-request`: it names what builds and runs the environment.
 */
const VERSION_REQUEST = /^(?:(?:cpython|cp|python|pypy|pp|graalpy|gp)[-@]?)?\d+(?:\.\d+){0,2}(?:(?:a|b|rc)\d+)?t?$/i;
function pythonVersion(lines: readonly string[]): ParsedConfig {
  const keys: { key: string; line: number; value: string | undefined }[] = [];
  lines.forEach((l, i) => {
    const t = l.trim();
    if (t === '' || t.startsWith('#')) return;
    keys.push({ key: VERSION_REQUEST.test(l) ? 'version-request' : 'interpreter-request', line: i + 1, value: undefined });
  });
  return { ok: true, keys };
}

/**
 * The keys a file sets, parsed as its tool parses it. `env` is the environment the tool runs with
 * as far as the chain shows it (npm expands `${VAR}` in keys from it).
 */
export function parseConfig(text: string, spec: Pick<ConfigFileSpec, 'format' | 'section'>, env: ReadonlyMap<string, string>): ParsedConfig {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split(/\r?\n/);
  try {
    switch (spec.format) {
      case 'npmrc': return npmrc(body, lines, env);
      case 'ini': return pipIni(body, lines);
      case 'toml': return toml(body, lines, spec.section);
      case 'json': return json(body, lines);
      case 'yaml': return yaml(body, lines);
      case 'dotenv': return dotenv(body, lines);
      case 'json-env': return jsonEnv(body, lines);
      case 'script': return script(body);
      case 'python-version': return pythonVersion(lines);
    }
  } catch (e: unknown) {
    // The parser's message quotes the offending line, which may hold a token: only its line number is shown.
    const line: unknown = Reflect.get(toError(e), 'line');
    return { ok: false, reason: `not valid ${spec.format}${typeof line === 'number' ? ` (line ${line})` : ''}` };
  }
}
