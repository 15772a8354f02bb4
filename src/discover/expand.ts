import path from 'node:path';
import { defineOwn } from '../parse/document.js';
import type { Expansion, LaunchDoubt, Origin, ServerEntry } from '../parse/types.js';
import type { Platform } from '../shared/env.js';
import type { VariableSyntax } from '../hosts/types.js';
import { extend } from '../shared/extend.js';
import { entryWith } from '../parse/entry-with.js';

/** What the audit knows about the host's variables for one entry. */
export interface ExpandContext {
  readonly home: string;
  readonly platform: Platform;
}

type Field = VariableSyntax['fields'][number];
type Known = { value: string; from: Expansion['from'] } | { doubt: string } | { literal: true };

const PATTERNS: Readonly<Record<VariableSyntax['form'], RegExp>> = {
  vscode: /\$\{([^}]*)\}/g,
  shell: /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
  dollar: /\$\{([A-Za-z_][A-Za-z0-9_]*|\/)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)|(\$\()/g,
  opencode: /\{(env:[^}]*|file:[^}]*)\}/g,
  continue: /\$\{\{\s*([^}]*?)\s*\}\}/g,
};

const GROUPS: Readonly<Record<VariableSyntax['form'], number>> = { vscode: 1, shell: 2, dollar: 4, opencode: 1, continue: 1 };

/** The folder of a Claude Code plugin, from its `.mcp.json` or `.claude-plugin/plugin.json`. */
function pluginRoot(file: string): string {
  const dir = path.dirname(file);
  return path.basename(dir) === '.claude-plugin' ? path.dirname(dir) : dir;
}

function resolveVariable(name: string, syntax: VariableSyntax, e: ServerEntry, ctx: ExpandContext): Known {
  const hostEnv = `the host expands it from its own process environment, which the audit cannot see`;
  if (syntax.form === 'opencode' || syntax.form === 'continue') {
    return { doubt: 'the host fills it from its environment, a file or its secret store, which the audit does not read' };
  }
  if (syntax.form !== 'vscode') {
    if (name === '$(') return { doubt: 'the host runs this command substitution when it starts the server' };
    const known = (syntax.known ?? []).find((k) => k === name);
    if (known !== undefined && e.scope === 'plugin') {
      if (known === '/' || known === 'pathSeparator') return { value: ctx.platform === 'win32' ? '\\' : '/', from: 'path-separator' };
      return { value: pluginRoot(e.configPath), from: 'plugin-root' };
    }
    return { doubt: hostEnv };
  }
  // Only what this host expands (its own list); any other `${…}` is passed as written where its
  // source says so, and a doubt where that is not known.
  const kind = name.startsWith('env:') ? 'env' : name.startsWith('input:') ? 'input' : name;
  if (!(syntax.names ?? []).some((n) => n === kind)) {
    return syntax.othersLiteral === true ? { literal: true } : { doubt: `whether ${e.host} expands this variable is not known to the audit` };
  }
  switch (name) {
    case 'userHome': return { value: ctx.home, from: 'home' };
    case 'pathSeparator': case '/': return { value: ctx.platform === 'win32' ? '\\' : '/', from: 'path-separator' };
    case 'workspaceFolder': case 'workspaceFolderBasename':
      if (e.scope !== 'project' || e.project === undefined) return { doubt: 'in a user file it names whichever folder is open in the host' };
      return { value: name === 'workspaceFolder' ? e.project : path.basename(e.project), from: 'project' };
    default:
      if (name.startsWith('env:')) return { doubt: hostEnv };
      if (name.startsWith('input:')) return { doubt: 'the host prompts the user for it when the server starts' };
      return { doubt: 'the audit does not know this variable' };
  }
}

/**
 * Expands the variables a host expands inside an entry (`HostDefinition.variables`), recording
 * each expansion's origin. A variable whose value the audit cannot know is left as written and
 * adds a launch doubt on the field, so the literal text is never taken as what the host runs.
 */
/** Whether any field the host expands holds the syntax's marker (`$`, or `{` for opencode). */
function mentionsVariable(e: ServerEntry, syntax: VariableSyntax): boolean {
  const marker = syntax.form === 'opencode' ? '{' : '$';
  const has = (v: string | null | undefined): boolean => typeof v === 'string' && v.includes(marker);
  for (const field of syntax.fields) {
    switch (field) {
      case 'command': if (has(e.command)) return true; break;
      case 'args': if (e.args.some(has)) return true; break;
      case 'url': if (has(e.url)) return true; break;
      case 'cwd': if (has(e.cwd)) return true; break;
      case 'env': for (const k in e.env) if (Object.hasOwn(e.env, k) && (has(e.env[k]) || has(k))) return true; break;
      case 'headers': for (const k in e.headers) if (Object.hasOwn(e.headers, k) && has(e.headers[k])) return true; break;
      default: return true;
    }
  }
  return false;
}

export function expandEntry(e: ServerEntry, syntax: VariableSyntax, ctx: ExpandContext): ServerEntry {
  if (syntax.scopes !== undefined && !syntax.scopes.includes(e.scope)) return e;
  // Most entries name no variable: nothing below (its closures, copies of env and headers) is made for them.
  if (!mentionsVariable(e, syntax)) return e;
  const expanded: Expansion[] = [];
  const doubts: LaunchDoubt[] = [];
  const fields = new Set<Field>(syntax.fields);
  const pattern = PATTERNS[syntax.form];
  const expand = (text: string, field: string, origin: Origin): string => text.replace(pattern, (token: string, ...rest: unknown[]) => {
    // Capture groups come first, then offset and input: keep only this form's groups.
    const groups = rest.slice(0, GROUPS[syntax.form]).map((v) => (typeof v === 'string' ? v : undefined));
    const name = groups[0] ?? groups[2] ?? groups[3] ?? '';
    const b = groups[1];
    const known = resolveVariable(name, syntax, e, ctx);
    if ('literal' in known) return token;
    if ('doubt' in known) {
      const fallback = syntax.form !== 'vscode' && b !== undefined ? ' (with a default when unset)' : '';
      // Only the variable's name is shown, never text around it; a lowercase `$x` inside a value may be part of a secret.
      const shown = syntax.form === 'dollar' && !/^[A-Z][A-Z0-9_]*$/.test(name) ? (name === '$(' ? 'a $( ) command substitution' : 'a $-variable')
        : syntax.form === 'opencode' ? `{${name.split(':')[0] ?? ''}:…}` : token.slice(0, 80);
      doubts.push({ reason: `${field} uses ${shown}${fallback}: ${known.doubt}`, origin });
      return token;
    }
    expanded.push({ field, variable: name, from: known.from });
    return known.value;
  });
  const marker = syntax.form === 'opencode' ? '{' : '$';
  const has = (v: string | undefined): v is string => v !== undefined && v.includes(marker);
  let out: ServerEntry = e;
  if (fields.has('command') && has(e.command)) out = entryWith(out, { command: expand(e.command, 'command', e.origin) });
  if (fields.has('args') && e.args.some((a) => a.includes(marker))) {
    out = entryWith(out, { args: e.args.map((a, i) => (a.includes(marker) ? expand(a, `args[${i}]`, e.argOrigins?.[i] ?? e.origin) : a)) });
  }
  if (fields.has('url') && has(e.url)) out = entryWith(out, { url: expand(e.url, 'url', e.origin) });
  if (fields.has('cwd') && has(e.cwd)) out = entryWith(out, { cwd: expand(e.cwd, 'cwd', e.origin) });
  if (fields.has('env')) {
    const env: Record<string, string | null> = {};
    let changed = false;
    for (const [k, v] of Object.entries(e.env)) {
      // Names are expanded too: VS Code resolves every string of the launch, keys included
      // (microsoft/vscode src/vs/workbench/services/configurationResolver/common/configurationResolverExpression.ts
      // walks object keys), and Roo Code replaces over the whole serialised config
      // (RooCodeInc/Roo-Code src/utils/config.ts injectVariables). A name whose variable is not
      // known stays as written, with a doubt: the variable the server gets is not known.
      const name = k.includes(marker) ? expand(k, `env name ${k.slice(0, 80)}`, e.envOrigins[k] ?? e.origin) : k;
      if (name !== k) changed = true;
      if (typeof v === 'string' && v.includes(marker)) { changed = true; defineOwn<string | null>(env, name, expand(v, `env.${name}`, e.envOrigins[k] ?? e.origin)); }
      else defineOwn<string | null>(env, name, v);
    }
    if (changed) out = entryWith(out, { env });
  }
  if (fields.has('headers')) {
    const headers: Record<string, string> = {};
    let changed = false;
    for (const [k, v] of Object.entries(e.headers)) {
      const value = v.includes(marker) ? expand(v, `headers.${k}`, e.origin) : v;
      if (value !== v || v.includes(marker)) changed = true;
      defineOwn(headers, k, value);
    }
    if (changed) out = entryWith(out, { headers });
  }
  if (expanded.length === 0 && doubts.length === 0) return e;
  return entryWith(out, {
    ...(expanded.length > 0 ? { expanded: [...(e.expanded ?? []), ...expanded] } : {}),
    ...(doubts.length > 0 ? { launchDoubts: [...(e.launchDoubts ?? []), ...doubts] } : {}),
  });
}
