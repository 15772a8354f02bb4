import type { HostDefinition } from '../hosts/types.js';
import { isObject } from '../parse/normalize.js';
import { parseJsonc } from '../parse/jsonc.js';
import type { FloorCauses } from './floor.js';
import { globFiles } from './glob.js';
import { expandTemplate, type PathContext } from './paths.js';
import { readConfigFile } from './read-file.js';

/**
 * Installed extensions whose manifest declares servers its code registers at run time
 * (`HostDefinition.codeProviders`): the audit reads no code, so each one is a floor cause naming
 * the extension's manifest. A manifest that cannot be read or parsed says nothing either way and
 * is skipped (it is no config file of the host's).
 */
export async function codeProviderFloor(hosts: readonly HostDefinition[], ctx: PathContext, floor: FloorCauses): Promise<void> {
  for (const host of hosts) {
    const providers = host.codeProviders;
    if (providers === undefined) continue;
    for (const template of providers.manifests) {
      const expanded = expandTemplate(template, ctx);
      if (expanded === undefined) continue;
      const files = expanded.pattern === undefined ? [expanded.base] : await globFiles(expanded);
      for (const file of files) {
        const read = await readConfigFile(file, 4 * 1024 * 1024);
        if (read.kind !== 'text' || !read.text.includes(providers.key[providers.key.length - 1] ?? '')) continue;
        const parsed = parseJsonc(read.text, { strict: false });
        if (!parsed.ok) continue;
        let value: unknown = parsed.value.value;
        for (const k of providers.key) value = isObject(value) && Object.hasOwn(value, k) ? value[k] : undefined;
        if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
        floor.add({
          kind: 'not-followed', path: file, hosts: [host.id],
          detail: `${file} declares ${providers.key.join('.')}: the extension's code registers servers for ${host.id} at run time, which the audit does not run`,
        });
      }
    }
  }
}
