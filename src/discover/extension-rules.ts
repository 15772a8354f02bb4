import { isObject } from '../parse/normalize.js';
import type { ServerEntry } from '../parse/types.js';
import type { HostDefinition, PathRuleEnablement } from '../hosts/types.js';
import { entryWith } from '../parse/entry-with.js';
import { cachedJsonValue, type FileCache } from './check-file.js';
import { withEntries } from './entry-state.js';
import { expandAll, type PathContext } from './paths.js';
import type { ProjectRoot } from './projects.js';
import type { LocatedCheck } from './switches.js';

const at = (value: unknown, keys: readonly string[]): unknown => {
  let v = value;
  for (const k of keys) v = isObject(v) && Object.hasOwn(v, k) ? v[k] : undefined;
  return v;
};

const off = (e: ServerEntry, reason: string, file: string, key?: string): ServerEntry => (e.disabled ? e
  : entryWith(e, { disabled: true, disabledBy: reason, state: 'disabled', stateBy: { reason, file, ...(key !== undefined ? { key } : {}) } }));

/**
 * Manifests the host's loader refuses (`HostLocation.rejects`): a required root key absent or
 * empty, or a name that fails the loader's pattern. The whole manifest is skipped, so each of its
 * entries is disabled with the loader's rule as the reason.
 */
export function applyLoaderRejects(checks: readonly LocatedCheck[]): LocatedCheck[] {
  return checks.map((c) => {
    const rule = c.location.rejects;
    const root = c.doc?.value;
    if (rule === undefined || c.entries.length === 0) return c;
    const missing = rule.required.find((k) => !isObject(root) || root[k] === undefined || root[k] === null || root[k] === '');
    let why: string | undefined = missing !== undefined ? `its manifest has no "${missing}"` : undefined;
    if (why === undefined && rule.pattern !== undefined && isObject(root)) {
      const v = root[rule.pattern.key];
      if (typeof v !== 'string' || !new RegExp(rule.pattern.regex).test(v)) why = `its "${rule.pattern.key}" does not match ${rule.pattern.regex}`;
    }
    if (why === undefined) return c;
    const reason = `${rule.loader} skips this manifest: ${why}`;
    return withEntries(c, c.entries.map((e) => off(e, reason, c.check.path)));
  });
}

/** One rule of an extension-enablement file: `!` disables, a trailing `*` includes subfolders. */
interface Rule { readonly on: boolean; readonly base: string; readonly re: RegExp }

/**
 * A folder rule as the host reads it (google-gemini/gemini-cli@5411f113
 * packages/cli/src/config/extensions/extensionEnablement.ts `Override.fromFileRule`, `globToRegex`):
 * `!` disables; a trailing `*` is dropped and includes subfolders; each `*` (with the `/` before
 * it) becomes an optional `(/.*)?`.
 */
function ruleOf(text: string): Rule {
  const on = !text.startsWith('!');
  let base = on ? text : text.slice(1);
  const subdirs = base.endsWith('*');
  if (subdirs) base = base.slice(0, -1);
  const glob = `${base}${subdirs ? '*' : ''}`;
  const re = new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/(\/?)\*/g, '($1.*)?')}$`);
  return { on, base, re };
}

/** A folder as the host matches it: forward slashes, a leading and a trailing one. */
function slashed(dir: string): string {
  let s = dir.replace(/\\/g, '/');
  if (!s.startsWith('/')) s = `/${s}`;
  return s.endsWith('/') ? s : `${s}/`;
}

/** A folder no rule names: the default (enabled) holds there unless a rule matches every folder. */
const ANY_FOLDER = '/\u0000mcp-audit-unnamed-folder/';

/**
 * Per-folder extension rules (`PathRuleEnablement`): the last rule matching the folder the host
 * runs in wins, no match = enabled. An extension's entries are disabled only when every folder
 * that can be named is disabled: each known project root, each rule's own folder (and one below
 * it), and a folder no rule names. Unreadable or malformed rules change nothing (the host reads
 * them as no rules: extensionEnablement.ts `readConfig` returns `{}`).
 */
export async function applyPathRules(
  checks: readonly LocatedCheck[], host: HostDefinition, pr: PathRuleEnablement, ctx: PathContext, cache: FileCache, roots: readonly ProjectRoot[],
): Promise<LocatedCheck[]> {
  const files = expandAll(pr.file, ctx, host.dirVariables);
  const rulesets: { file: string; rules: ReadonlyMap<string, readonly Rule[]> }[] = [];
  for (const f of files) {
    const value = await cachedJsonValue(cache, f.base);
    if (!isObject(value)) { rulesets.push({ file: f.base, rules: new Map() }); continue; }
    const rules = new Map<string, Rule[]>();
    let valid = true;
    for (const [name, v] of Object.entries(value)) {
      const overrides = isObject(v) ? v.overrides : undefined;
      if (!Array.isArray(overrides) || !overrides.every((o) => typeof o === 'string')) { valid = false; break; }
      rules.set(name, overrides.map(ruleOf));
    }
    rulesets.push({ file: f.base, rules: valid ? rules : new Map() });
  }
  // A default-path file the host does not read (a known relocation) decides nothing on its own.
  if (rulesets.length === 0) return [...checks];
  const folders = roots.map((r) => slashed(r.path));
  return checks.map((c) => {
    if (!pr.governs.includes(c.location.path)) return c;
    const name = at(c.doc?.value, pr.nameKey);
    if (typeof name !== 'string') return c;
    // Enabled somewhere under any one of the files (each may be the one the host reads).
    let decided: { file: string; rule: string } | undefined;
    for (const { file, rules } of rulesets) {
      const list = rules.get(name) ?? [];
      const enabledIn = (folder: string): boolean => {
        let on = true;
        for (const r of list) if (r.re.test(folder)) on = r.on;
        return on;
      };
      const candidates = [ANY_FOLDER, ...folders, ...list.flatMap((r) => [slashed(r.base), slashed(`${r.base.replace(/\/+$/, '')}/mcp-audit-below`)])];
      if (candidates.some(enabledIn)) return c;
      decided ??= { file, rule: list.map((r) => `${r.on ? '' : '!'}${r.base}`).join(', ') };
    }
    if (decided === undefined) return c;
    const reason = `extension ${name} is disabled in every folder by its rules in ${decided.file} (${decided.rule})`;
    return withEntries(c, c.entries.map((e) => off(e, reason, decided.file, name)));
  });
}
