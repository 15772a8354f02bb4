import { isObject } from '../parse/normalize.js';
import type { ServerEntry } from '../parse/types.js';
import type { HostDefinition, HostPolicy } from '../hosts/types.js';
import { entryWith } from '../parse/entry-with.js';
import { append } from '../shared/lists.js';
import { cachedJsonValue, type FileCache } from './check-file.js';
import { isLive, stop, withEntries } from './entry-state.js';
import { expandAll, expandTemplate, type PathContext } from './paths.js';
import type { ProjectRoot } from './projects.js';
import type { LocatedCheck } from './switches.js';

interface PolicyList { readonly file: string; readonly key: string; readonly items: readonly unknown[] }

/**
 * Administrator policy (`HostDefinition.policy`): an exclusive managed file, and allow / deny
 * lists merged from every file the host merges. A list file may be a project file
 * (`<project>/.claude/settings.json`): it applies in that project only, and an allow list there
 * extends the others for that project (Claude Code merges `allowedMcpServers` over its settings
 * files). An entry is blocked only when it is blocked in every folder the host may run it in: a
 * user entry in any folder (none, or each project with lists of its own), a project entry in its
 * project. User-level list files are relocated like every host path (CLAUDE_CONFIG_DIR): allow
 * items of any copy count, a deny only when every readable copy of that file denies.
 */
export async function applyPolicy(
  checks: LocatedCheck[], host: HostDefinition, policy: HostPolicy, ctx: PathContext, cache: FileCache, roots: readonly ProjectRoot[],
): Promise<LocatedCheck[]> {
  const managed = checks.filter((c) => (policy.exclusive ?? []).includes(c.location.path));
  const exclusive = managed.find((c) => c.check.status === 'found');
  const unreadable = managed.find((c) => c.check.status === 'error');
  const global: { allow: PolicyList[]; deny: PolicyList[][][] } = { allow: [], deny: [] };
  const projectLists = new Map<string, { allow: PolicyList[]; deny: PolicyList[] }>();
  for (const list of policy.lists ?? []) {
    const pick = (value: unknown, file: string, keys: readonly string[] | undefined): PolicyList[] => (keys ?? []).flatMap((key) => {
      const items = isObject(value) ? value[key] : undefined;
      return Array.isArray(items) ? [{ file, key, items }] : [];
    });
    if (list.file.startsWith('<project>/')) {
      for (const r of roots) {
        const file = expandTemplate(list.file, ctx, r.path)?.base;
        if (file === undefined) continue;
        const value = await cachedJsonValue(cache, file);
        if (!isObject(value)) continue;
        const at = projectLists.get(r.path) ?? { allow: [], deny: [] };
        append(at.allow, pick(value, file, list.allow));
        append(at.deny, pick(value, file, list.deny));
        // Keyed by the folder and by the key a host file records it under (~/.claude.json
        // `projects.<key>` entries carry the key as written: their project is that key).
        projectLists.set(r.path, at);
        if (r.recordedAs !== undefined) projectLists.set(r.recordedAs, at);
      }
      continue;
    }
    const copies: PolicyList[][] = [];
    for (const e of expandAll(list.file, ctx, host.dirVariables)) {
      const value = await cachedJsonValue(cache, e.base);
      if (!isObject(value)) continue;
      append(global.allow, pick(value, e.base, list.allow));
      copies.push(pick(value, e.base, list.deny));
    }
    // A deny of this file counts when every readable copy of it denies (deniedBy).
    if (copies.length > 0) global.deny.push(copies);
  }
  const hitIn = (lists: readonly PolicyList[], e: ServerEntry): PolicyList | undefined => lists.find((l) => l.items.some((m) => matches(m, e)));
  const deniedBy = (e: ServerEntry, project: string | undefined): PolicyList | undefined => {
    for (const copies of global.deny) {
      const hits = copies.map((lists) => hitIn(lists, e));
      if (hits.every((h) => h !== undefined)) return hits[0];
    }
    return project === undefined ? undefined : hitIn(projectLists.get(project)?.deny ?? [], e);
  };
  const blockedIn = (e: ServerEntry, project: string | undefined): { reason: string; file?: string; key?: string } | undefined => {
    const denied = deniedBy(e, project);
    if (denied !== undefined) return { reason: `matched by ${denied.key}`, file: denied.file, key: denied.key };
    const allow = [...global.allow, ...(project !== undefined ? projectLists.get(project)?.allow ?? [] : [])];
    if (allow.length === 0 || allow.some((l) => l.items.some((m) => matches(m, e)))) return undefined;
    const [first] = allow;
    return {
      reason: `matched by no item of ${allow.map((l) => `${l.key} of ${l.file}`).join(', ')}`,
      ...(first !== undefined ? { file: first.file, key: first.key } : {}),
    };
  };
  return checks.map((c) => withEntries(c, c.entries.map((entry) => {
    let e = entry;
    if (!isLive(e)) return e;
    if (exclusive !== undefined && c !== exclusive) {
      return stop(e, c, 'blocked-by-policy', {
        reason: `${exclusive.check.path} takes exclusive control: ${c.host.name} loads only the servers it defines`,
        file: exclusive.check.path, key: 'mcpServers',
      });
    }
    if (unreadable !== undefined && c !== unreadable) {
      const reason = `${unreadable.check.path} exists but could not be read: if it is valid, it takes exclusive control and this entry does not run`;
      e = entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason, origin: e.origin }] });
    }
    // The folders it may run in: its own project, or any (none, and each project with lists of its own).
    const contexts: (string | undefined)[] = e.project !== undefined ? [e.project] : [undefined, ...new Set(roots.map((r) => r.path).filter((p) => projectLists.has(p)))];
    let first: { reason: string; file?: string; key?: string } | undefined;
    for (const p of contexts) {
      const b = blockedIn(e, p);
      if (b === undefined) return e;
      first ??= b;
    }
    return first === undefined ? e : stop(e, c, 'blocked-by-policy', first);
  })));
}

/**
 * One allow/deny matcher (Claude Code managed-mcp documentation): `serverName` = the entry's name,
 * `serverCommand` = the exact program and arguments, `serverUrl` = the URL with `*` wildcards.
 */
function matches(m: unknown, e: ServerEntry): boolean {
  if (!isObject(m)) return false;
  if (typeof m.serverName === 'string') return m.serverName === e.name;
  if (Array.isArray(m.serverCommand)) {
    const cmd = e.command === undefined ? [] : [e.command, ...e.args];
    return m.serverCommand.length === cmd.length && m.serverCommand.every((v: unknown, i) => v === cmd[i]);
  }
  if (typeof m.serverUrl === 'string' && e.url !== undefined) {
    const re = new RegExp(`^${m.serverUrl.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    return re.test(e.url);
  }
  return false;
}
