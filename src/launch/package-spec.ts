/** Package specs as runners take them: `@scope/pkg@1.2.3`, `mcp-remote@latest`, `mcpindex-gate==0.9.2`. */
import type { PackageRef } from './types.js';

function ref(ecosystem: PackageRef['ecosystem'], name: string, version: string | undefined): PackageRef {
  return version === undefined || version === '' ? { ecosystem, name } : { ecosystem, name, version };
}

/** npm spec: `name`, `name@ver`, `@scope/name@ver`. Paths, URLs and git specs keep the whole spec as name. */
export function npmSpec(spec: string): PackageRef {
  if (/^(\.|\/|~|[A-Za-z]:|file:|git\+|git:|github:|gitlab:|bitbucket:|https?:)/.test(spec)) return ref('npm', spec, undefined);
  const alias = /^npm:(.+)$/.exec(spec);
  if (alias?.[1] !== undefined) return npmSpec(alias[1]);
  const at = spec.startsWith('@') ? spec.indexOf('@', 1) : spec.indexOf('@');
  if (at <= 0) return ref('npm', spec, undefined);
  const version = spec.slice(at + 1);
  // `name@npm:other`, `name@<url>`, `name@github:…`, `name@./dir`: another package installed under
  // this name. Keep the whole spec as the name so it never matches a proxy's own package.
  if (/^(npm:|[a-z][a-z0-9+.-]*:|\.|\/|~)/i.test(version) || version.includes('/')) return ref('npm', spec, undefined);
  return ref('npm', spec.slice(0, at), version);
}

/**
 * PyPI requirement as uvx / pipx take it: `name`, `name==1.0` (version `1.0`), `name@1.0` /
 * `name@latest` (uvx), `name[extra]>=1` (version `>=1`, as written). URLs and paths keep the whole spec.
 */
export function pypiSpec(spec: string): PackageRef {
  const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(.*)$/.exec(spec);
  if (m === null || m[1] === undefined || /^(git\+|https?:|file:)/.test(spec)) return ref('pypi', spec, undefined);
  const rest = (m[3] ?? '').trim();
  if (rest === '') return ref('pypi', m[1], undefined);
  if (rest.startsWith('===')) return ref('pypi', m[1], rest.slice(3).trim());
  if (rest.startsWith('==')) return ref('pypi', m[1], rest.slice(2).trim());
  if (rest.startsWith('@')) {
    const target = rest.slice(1).trim();
    // PEP 508 `name @ <url>` (or a VCS / path form): any code, installed under this name.
    if (/^([a-z][a-z0-9+.-]*:|\.|\/|~)/i.test(target) || target.includes('/')) return ref('pypi', spec, undefined);
    return ref('pypi', m[1], target);
  }
  if (/^[<>=!~]/.test(rest)) return ref('pypi', m[1], rest);
  return ref('pypi', spec, undefined);
}

/** PEP 503 normalised name, for comparing (`MCPIndex_Gate` = `mcpindex-gate`). */
export function pypiName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}
