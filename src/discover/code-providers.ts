import { statSync } from 'node:fs';
import path from 'node:path';
import type { CodeProviders, HostDefinition } from '../hosts/types.js';
import { isObject } from '../parse/normalize.js';
import { parseJsonc } from '../parse/jsonc.js';
import type { FloorCauses } from './floor.js';
import { globFiles } from './glob.js';
import { expandAll, expandBelow, type ExpandedPath, type PathContext } from './paths.js';
import { parseAs } from './check-file.js';
import { readConfigFile } from './read-file.js';
import type { LaunchOptionValue } from './session-env.js';

/**
 * Installed extensions whose manifest declares servers its code registers at run time
 * (`HostDefinition.codeProviders`): the audit reads no code, so each one is a floor cause naming
 * the extension's manifest. The manifests are looked for where the host's directory variables
 * move them (VS Code `VSCODE_EXTENSIONS`) and in the folder a session file's wrapper gives by the
 * host's folder option (`code --extensions-dir DIR`); a value of either that cannot be read is a
 * floor cause already (relocation.ts, session-env.ts). A manifest that cannot be read or parsed
 * says nothing either way and is skipped (it is no config file of the host's).
 */
export async function codeProviderFloor(
  hosts: readonly HostDefinition[], ctx: PathContext, floor: FloorCauses, options: readonly LaunchOptionValue[] = [],
): Promise<void> {
  for (const host of hosts) {
    const providers = host.codeProviders;
    if (providers === undefined) continue;
    const seen = new Set<string>();
    for (const expanded of providers.manifests.flatMap((t) => manifestPaths(t, providers, host, ctx, options))) {
      if (seen.has(expanded.display)) continue;
      seen.add(expanded.display);
      const files = expanded.pattern === undefined ? [expanded.base] : await globFiles(expanded);
      for (const file of files) {
        if ('codeMarkers' in providers) {
          const cause = await entryScriptCause(file, providers.codeMarkers, host.id);
          if (cause !== undefined) floor.add({ kind: 'not-followed', path: cause.path, hosts: [host.id], detail: cause.detail });
          continue;
        }
        const read = await readConfigFile(file, 4 * 1024 * 1024);
        if (read.kind !== 'text' || !read.text.includes(providers.key[providers.key.length - 1] ?? '')) continue;
        const parsed = await parseAs(providers.format, read.text);
        if (!parsed.ok) continue;
        let value: unknown = parsed.value.value;
        for (const k of providers.key) value = isObject(value) && Object.hasOwn(value, k) ? value[k] : undefined;
        if (value === undefined || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0)) continue;
        floor.add({
          kind: 'not-followed', path: file, hosts: [host.id],
          detail: `${file} declares ${providers.key.join('.')}: the extension's code registers servers for ${host.id} at run time, which the audit does not run`,
        });
      }
    }
  }
}

/** Node's resolution of an entry script named without its extension (`./out/extension`). */
const ENTRY_SUFFIXES = ['', '.js', '.cjs', '.mjs', '/index.js'];
const MAX_ENTRY_BYTES = 32 * 1024 * 1024;

/**
 * An extension whose entry script names one of the host's registration APIs, or whose entry
 * script cannot be read, as a floor cause; undefined when it has none (a theme) or reads clean.
 */
async function entryScriptCause(manifest: string, markers: readonly string[], host: string): Promise<{ path: string; detail: string } | undefined> {
  const read = await readConfigFile(manifest, 4 * 1024 * 1024);
  if (read.kind !== 'text') return undefined;
  const parsed = parseJsonc(read.text, { strict: false });
  if (!parsed.ok || !isObject(parsed.value.value)) return undefined;
  const doc = parsed.value.value;
  const dir = path.dirname(manifest);
  for (const key of ['main', 'browser']) {
    const entry = doc[key];
    if (typeof entry !== 'string' || entry === '') continue;
    const found = await scriptGraph(path.resolve(dir, entry), dir, markers);
    // No entry script at all: the extension host cannot activate it, so its code registers nothing.
    if (found === 'absent') continue;
    if (found === 'clean') continue;
    if ('why' in found) {
      return { path: manifest, detail: `${manifest} names the entry script ${entry} (${key}), whose code ${found.why}: it may register servers for ${host} at run time` };
    }
    const via = found.file === path.resolve(dir, entry) || ENTRY_SUFFIXES.some((x) => found.file === path.resolve(dir, entry + x)) ? '' : ` (in ${path.relative(dir, found.file)}, which it loads)`;
    return { path: manifest, detail: `${manifest}: the extension's entry script ${entry} calls ${found.marker}${via}, registering servers for ${host} at run time, which the audit does not run` };
  }
  return undefined;
}

/** At most this many scripts of one extension are read for its registration calls; more is a floor cause. */
const MAX_SCRIPTS = 500;

/** `require('./x')`, `import … from './x'`, `export … from './x'`, `import('./x')`: a relative specifier, statically named. */
const RELATIVE_LOAD = /(?:\brequire\s*\(\s*|\bimport\s*\(\s*|\bfrom\s+|\bimport\s+)(['"`])(\.{1,2}\/[^'"`\n]*)\1/g;

/**
 * The entry script and every script it loads by a relative specifier (Node's CommonJS and ESM
 * resolution: the path as written, then with `.js`, `.cjs`, `.mjs`, then `/index.js`,
 * https://nodejs.org/api/modules.html#all-together), inside the extension's folder: the first
 * that names a marker, `clean` when none does, `absent` when the entry is missing, or why the
 * code could not be read (a script that cannot be read, or more than MAX_SCRIPTS of them).
 * An extension bundled into one file is one read; one compiled to many (`out/extension.js`
 * requiring `./register`) is read to its last relative load.
 */
async function scriptGraph(entry: string, dir: string, markers: readonly string[]):
  Promise<'absent' | 'clean' | { readonly file: string; readonly marker: string } | { readonly why: string }> {
  const seen = new Set<string>();
  const queue: { readonly base: string; readonly first: boolean }[] = [{ base: entry, first: true }];
  for (let q = 0; q < queue.length; q++) {
    const { base, first } = queue[q] ?? { base: '', first: false };
    let text: string | undefined;
    let file = base;
    for (const suffix of ENTRY_SUFFIXES) {
      const candidate = base + suffix;
      if (seen.has(candidate)) { text = ''; file = candidate; break; }
      // A folder is resolved through its index.js, not read as a script.
      if (isDirectory(candidate)) continue;
      const got = await readConfigFile(candidate, MAX_ENTRY_BYTES);
      if (got.kind === 'text') { text = got.text; file = candidate; break; }
      if (got.kind === 'problem') return { why: `${path.relative(dir, candidate) || candidate} could not be read (${got.detail})` };
    }
    if (text === undefined) {
      if (first) return 'absent';
      continue;
    }
    if (seen.has(file)) continue;
    seen.add(file);
    if (seen.size > MAX_SCRIPTS) return { why: `loads more than ${MAX_SCRIPTS} scripts, past what the audit reads` };
    const hit = markers.find((m) => text.includes(m));
    if (hit !== undefined) return { file, marker: hit };
    for (const m of text.matchAll(RELATIVE_LOAD)) {
      const next = path.resolve(path.dirname(file), m[2] ?? '');
      // A load out of the extension's folder is another package's code, not this extension's.
      if (next === dir || next.startsWith(`${dir}${path.sep}`)) queue.push({ base: next, first: false });
    }
  }
  return 'clean';
}

/** One manifest template where the host looks: as written, relocated by its variables, and in each folder its option names. */
function manifestPaths(
  template: string, providers: CodeProviders, host: HostDefinition, ctx: PathContext, options: readonly LaunchOptionValue[],
): ExpandedPath[] {
  const out = expandAll(template, ctx, host.dirVariables);
  const f = providers.folderOption;
  if (f === undefined || !template.startsWith(`${f.prefix}/`)) return out;
  for (const o of options) {
    if (o.program !== f.program || o.option !== f.option || o.value === undefined) continue;
    out.push(expandBelow(o.value, template.slice(f.prefix.length)));
  }
  return out;
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
