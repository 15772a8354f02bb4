import type { HostDefinition } from '../hosts/types.js';
import { envReferences } from '../parse/text-references.js';
import { readThrough, type FileCache } from './check-file.js';
import type { FloorCauses } from './floor.js';
import { mapRecordedPath, type PathContext } from './paths.js';
import { foldedSessionReads, readSessionEnv } from './session-env.js';

/**
 * Hosts that substitute `{env:NAME}` in a config's raw text before parsing it (opencode: the
 * variable syntax of form `opencode`, HostDefinition.variables; anomalyco/opencode
 * packages/opencode/src/config/paths.ts `ConfigPaths.substitute` replaces every `{env:…}`,
 * comments included, then parses the result as JSONC). A variable's value can then add or
 * remove entries: `"theme": "{env:T}"` with T = `x", "mcp": {…}, "y": "z` injects a server.
 *
 * The host's environment cannot be read; a session file of the home that sets such a variable
 * (session-env.ts) is the evidence that it may hold one. Each reference to a variable a session
 * file sets is a floor cause, unless it stands in a string literal and every value the session
 * files give is known to hold no quote, backslash or control character (a value that cannot
 * change the document's shape).
 */
interface Checked {
  readonly host: HostDefinition;
  readonly check: { readonly path: string; readonly status: string };
}

const SAFE = /^[^"\\\u0000-\u001f]*$/;

export async function textSubstitutionFloor(checks: readonly Checked[], cache: FileCache, ctx: PathContext, floor: FloorCauses): Promise<void> {
  const refs: { file: string; host: string; name: string; site: string; line: number }[] = [];
  const seen = new Set<string>();
  for (const c of checks) {
    if (c.host.variables?.form !== 'opencode' || c.check.status !== 'found' || seen.has(c.check.path)) continue;
    seen.add(c.check.path);
    const read = await readThrough(cache, c.check.path);
    if (read.kind !== 'text') continue;
    for (const r of envReferences(read.text)) refs.push({ file: c.check.path, host: c.host.id, ...r });
  }
  if (refs.length === 0) return;
  const vars = await readSessionEnv(ctx.home, ctx.platform, new Set(refs.map((r) => r.name)), [], { place: (p) => mapRecordedPath(p, ctx), ...foldedSessionReads(ctx.folder) });
  for (const r of refs) {
    const set = vars.filter((v) => v.name === r.name);
    if (set.length === 0) continue;
    if (r.site === 'string' && set.every((v) => v.value !== undefined && SAFE.test(v.value))) continue;
    const where = set.map((v) => `${v.file}:${v.line}`).join(', ');
    const site = r.site === 'string' ? 'in a string, with a value that may hold a quote' : r.site === 'comment' ? 'in a comment' : 'outside a string';
    floor.add({
      kind: 'not-followed', path: r.file, line: r.line, variable: r.name, hosts: [r.host],
      detail: `${r.file}:${r.line} has {env:${r.name}} ${site}; ${r.host} substitutes it in the text before parsing and ${where} sets it, so its value may add servers the audit does not see`,
    });
  }
}
