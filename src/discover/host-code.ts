import path from 'node:path';
import type { HostDefinition } from '../hosts/types.js';
import type { ParsedDocument } from '../parse/document.js';
import { parseJsonc } from '../parse/jsonc.js';
import { isObject } from '../parse/normalize.js';
import { redactUrl } from '../shared/redact.js';
import { readThrough, type FileCache } from './check-file.js';
import type { FloorCauses } from './floor.js';
import { expandAll, type PathContext } from './paths.js';

/**
 * What a host adds to its configuration at start from places the audit does not follow: code its
 * config files name (`HostDefinition.codeKeys`, opencode `plugin`) and remote configs its records
 * name (`HostDefinition.remoteConfigs`, opencode auth.json `wellknown` entries). The audit runs no
 * code and fetches nothing, so each one found is a floor cause naming the file and what it names.
 */
interface Checked {
  readonly host: HostDefinition;
  readonly check: { readonly path: string; readonly status: string };
  readonly doc?: ParsedDocument;
}

/** Each config file of a host holding a non-empty list at one of its `codeKeys`. */
export function codeKeyFloor(checks: readonly Checked[], floor: FloorCauses): void {
  const seen = new Set<string>();
  for (const c of checks) {
    const keys = c.host.codeKeys;
    if (keys === undefined || c.doc === undefined || c.check.status !== 'found') continue;
    for (const k of keys) {
      let value: unknown = c.doc.value;
      for (const seg of k.key) value = isObject(value) && Object.hasOwn(value, seg) ? value[seg] : undefined;
      if (!Array.isArray(value) || value.length === 0) continue;
      const at = `${c.host.id}\0${c.check.path}\0${k.key.join('\0')}`;
      if (seen.has(at)) continue;
      seen.add(at);
      const line = c.doc.locate(k.key).line;
      const names = value.map((v) => (typeof v === 'string' ? redactUrl(v) : JSON.stringify(v))).join(', ');
      floor.add({
        kind: 'not-followed', path: c.check.path, line, hosts: [c.host.id],
        detail: `${c.check.path}:${line} names ${k.what} (${names}) in ${k.key.join('.')}: their code may add servers at run time (a config hook), which the audit does not run`,
      });
    }
  }
}

/** Each entry of a host's remote-config records that the host would fetch. */
export async function remoteConfigFloor(hosts: readonly HostDefinition[], ctx: PathContext, cache: FileCache, floor: FloorCauses): Promise<void> {
  for (const host of hosts) {
    for (const r of host.remoteConfigs ?? []) {
      for (const expanded of expandAll(r.file, ctx, host.dirVariables)) {
        const file = expanded.base;
        const read = await readThrough(cache, file);
        // Absent, unreadable or not JSON: the host's reader falls back to no records, and fetches nothing.
        if (read.kind !== 'text') continue;
        const parsed = parseJsonc(read.text, { strict: true });
        if (!parsed.ok || !isObject(parsed.value.value)) continue;
        for (const [key, entry] of Object.entries(parsed.value.value)) {
          if (!isObject(entry) || entry[r.match.field] !== r.match.value) continue;
          if (!r.match.required.every((f) => typeof entry[f] === 'string')) continue;
          const line = parsed.value.locate([key]).line;
          const url = r.fetches.replace('{key}', redactUrl(key));
          floor.add({
            kind: 'not-followed', path: file, line, hosts: [host.id],
            detail: `${file}:${line} holds a ${r.match.value} entry: ${host.id} fetches ${url} and merges the config it returns, which the audit does not fetch`,
          });
        }
      }
    }
  }
}

/**
 * A project whose own settings file sets one of a host's workspace settings
 * (`HostDefinition.workspaceSettings`): what it moves or adds is not followed per project.
 */
export async function workspaceSettingFloor(hosts: readonly HostDefinition[], roots: readonly { readonly path: string }[], cache: FileCache, floor: FloorCauses): Promise<void> {
  for (const host of hosts) {
    for (const ws of host.workspaceSettings ?? []) {
      for (const root of roots) {
        const file = path.join(root.path, ...ws.file.split('/'));
        const read = await readThrough(cache, file);
        if (read.kind !== 'text' || !ws.keys.some((k) => read.text.includes(k))) continue;
        const parsed = parseJsonc(read.text, { strict: false });
        const doc = parsed.ok ? parsed.value.value : undefined;
        const set = ws.keys.filter((k) => !parsed.ok || (isObject(doc) && Object.hasOwn(doc, k) && doc[k] !== null && doc[k] !== ''));
        if (set.length === 0) continue;
        floor.add({ kind: 'not-followed', path: file, hosts: [host.id], detail: `${file} sets ${set.join(', ')}: ${ws.reason}; what it names was not read` });
      }
    }
  }
}
