/**
 * The mechanical remedy of each finding that has one, keyed by the rule (the rule modules stay
 * documentation). A remedy names a change to the entry — argv words to drop or reset, env
 * variables to remove — or says why no edit can mend the finding. Per-proxy knowledge (which flag
 * relocates the store, which makes a mode non-blocking) comes from the proxy's `wiring`.
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import type { Recognition } from '../proxies/types.js';
import type { ArgvChange, ProxyWiring } from '../proxies/wiring-types.js';
import { envCodeInjection } from '../rules/env-code-injection.js';
import { envFamilyUnproven } from '../rules/env-family-unproven.js';
import { envHomeOverride } from '../rules/env-home-override.js';
import { envPackageSource } from '../rules/env-package-source.js';
import { envStoreOverride } from '../rules/env-store-override.js';
import { launchOptionInjection } from '../rules/launch-option-injection.js';
import { pinStorePlanted } from '../rules/pin-store-planted.js';
import { proxyModeUnknown } from '../rules/proxy-mode-unknown.js';
import { proxyNonBlocking } from '../rules/proxy-non-blocking.js';
import { runnerReleaseCutoff } from '../rules/runner-release-cutoff.js';
import type { Finding, RuleMeta } from '../rules/types.js';
import type { Platform } from '../shared/env.js';
import { storePlatform } from '../grade/store-location.js';
import { ADVISORIES } from '../grade/advisories.js';
import { affects, compareReleases, fixedRelease } from '../grade/versions.js';
import { launcherVulnerable } from '../rules/launcher-vulnerable.js';
import { proxyVersionUnknown } from '../rules/proxy-version-unknown.js';

export interface RemedyContext {
  readonly entry: ServerEntry;
  readonly finding: Finding;
  readonly chain: LaunchChain;
  readonly rec: Recognition | undefined;
  readonly wiring: ProxyWiring | undefined;
  readonly argv: readonly string[];
  readonly home: string;
  readonly platform: Platform;
}

/** What a remedy asks for: argv changes and env variables to remove, described for the user. */
export type RemedyChange =
  | { readonly kind: 'change'; readonly what: string; readonly argv?: ArgvChange; readonly dropEnv?: readonly string[] }
  | { readonly kind: 'none'; readonly why: string };

export interface Remedy {
  readonly rule: RuleMeta;
  remedy(ctx: RemedyContext): RemedyChange;
}

const none = (why: string): RemedyChange => ({ kind: 'none', why });

const dropEnv = (ctx: RemedyContext): RemedyChange => {
  const name = ctx.finding.data.name;
  if (name === undefined) return none('the finding names no variable');
  const own = Object.keys(ctx.entry.envOrigins).some((k) => k === name || (ctx.platform === 'win32' && k.toUpperCase() === name.toUpperCase()));
  if (!own) return none(`${name} is set in the launch line, not in the entry's env`);
  return { kind: 'change', what: `remove ${name} from the entry's env`, dropEnv: [name] };
};

const restoreBlocking = (ctx: RemedyContext): RemedyChange => {
  if (ctx.rec?.modeInStore === true) return none(`${ctx.rec.proxy} keeps its mode in its own config, not in the host file`);
  const change = ctx.wiring?.restoreBlocking?.(ctx.argv);
  if (change === undefined) return none('no argument of the entry sets this mode');
  return { kind: 'change', what: `make ${ctx.rec?.proxy ?? 'the proxy'} block: its non-blocking mode arguments removed or reset`, argv: change };
};

/** `passes --index-url to uvx, which …` (grade/launch-options.ts): the runner option to drop. */
const RUNNER_OPTION = /^passes (-{1,2}[A-Za-z0-9][A-Za-z0-9-]*) to (\S+), which /;

/** Removes a runner option of the entry's own command (the first frame), with its value. */
function dropRunnerOption(ctx: RemedyContext, flag: string | undefined, launcher: string | undefined): RemedyChange {
  const runner = ctx.chain.frames[0];
  if (flag === undefined || launcher !== runner?.name || runner === undefined || runner.program !== ctx.argv[0]) {
    return none('not a runner option of the entry\'s own command');
  }
  const takesValue = (runner.options ?? []).some((o) => o.flag === flag && o.value !== undefined);
  const next = ctx.chain.frames[1]?.program;
  const found = next === undefined ? -1 : ctx.argv.indexOf(next, 1);
  const stop = found < 1 ? ctx.argv.length : found;
  const remove: number[] = [];
  for (let i = 1; i < stop; i++) {
    const a = ctx.argv[i] ?? '';
    if (a === flag) { remove.push(i); if (takesValue) { remove.push(i + 1); i++; } }
    else if (a.startsWith(`${flag}=`)) remove.push(i);
  }
  if (remove.length === 0) return none(`${flag} is not a separate argument of the entry`);
  return { kind: 'change', what: `remove ${flag} from ${runner.name}'s options`, argv: { remove } };
}

function runnerOption(ctx: RemedyContext): RemedyChange {
  const m = RUNNER_OPTION.exec(ctx.finding.data.what ?? '');
  return dropRunnerOption(ctx, m?.[1], m?.[2]);
}

/** A date cutoff set by a runner option (`uvx --exclude-newer`, `npx --before`) or by a variable (`UV_EXCLUDE_NEWER`). */
function releaseCutoff(ctx: RemedyContext): RemedyChange {
  const option = ctx.finding.data.option;
  if (option !== undefined && !option.startsWith('-')) return dropEnv({ ...ctx, finding: { ...ctx.finding, data: { ...ctx.finding.data, name: option } } });
  return dropRunnerOption(ctx, option, ctx.finding.data.launcher);
}

/** proxy-version-unknown: the proxy's package pinned to the release its wiring knows is outside every advisory. */
function pinProxyRelease(ctx: RemedyContext): RemedyChange {
  const proxy = ctx.rec?.proxy ?? 'the proxy';
  const release = ctx.wiring?.release;
  if (release === undefined) return none(`mcp-audit knows no release of ${proxy} to pin`);
  if (release.version === null) return none(release.why);
  const change = ctx.wiring?.pinRelease?.(ctx.argv);
  if (change === undefined) return none(`the entry names no ${proxy} package to pin (a program on PATH): install ${proxy} ${release.version} and name that release`);
  return { kind: 'change', what: `pin ${proxy} to ${release.version}, outside every advisory (${release.source})`, argv: change };
}

/** launcher-vulnerable: the package's word in the argv moved to the first release outside every advisory of it. */
function toFixedRelease(ctx: RemedyContext): RemedyChange {
  const { package: pkg, version } = ctx.finding.data;
  if (pkg === undefined || version === undefined) return none('the finding names no package');
  const advisories = ADVISORIES.filter((a) => a.package === pkg);
  const fixes = advisories.map((a) => fixedRelease(a));
  const eco = advisories[0]?.ecosystem;
  if (advisories.length === 0 || eco === undefined || fixes.some((f) => f === undefined)) return none(`no release of ${pkg} is outside every advisory: remove it`);
  const newestText = fixes.reduce<string>((m, f) => (f !== undefined && (m === '' || compareReleases(eco, m, f) < 0) ? f : m), '');
  // The newest fix is outside every range only if no later range starts at or below it.
  if (advisories.some((a) => affects(a, newestText) !== false)) return none(`no single release of ${pkg} is known to be outside every advisory`);
  const newest = newestText.split('.');
  const spec = (v: string): string => (eco === 'pypi' ? `${pkg}==${v}` : `${pkg}@${v}`);
  const written = spec(version);
  const replace: { index: number; value: string }[] = [];
  ctx.argv.forEach((w, index) => {
    // The package word itself, or the value of an option that carries it (`--upstream-arg=mcp-remote@0.1.15`).
    if (index > 0 && (w === written || w.endsWith(`=${written}`))) replace.push({ index, value: `${w.slice(0, w.length - written.length)}${spec(newest.join('.'))}` });
  });
  if (replace.length === 0) return none(`${written} is not a word of the entry's own arguments`);
  return { kind: 'change', what: `run ${pkg} ${newest.join('.')}, the first release outside ${advisories.map((a) => a.id).join(', ')}`, argv: { remove: [], replace } };
}

export const REMEDIES: readonly Remedy[] = [
  {
    rule: pinStorePlanted,
    remedy(ctx) {
      const change = ctx.rec === undefined ? undefined : ctx.wiring?.dropStoreOverride?.(ctx.argv, { rec: ctx.rec, home: ctx.home, platform: storePlatform(ctx.home, ctx.platform) });
      if (change === undefined) return none(`${ctx.rec?.proxy ?? 'the proxy'} has no default store under the home to fall back to`);
      return { kind: 'change', what: `let ${ctx.rec?.proxy ?? 'the proxy'} use its default store under the home`, argv: change };
    },
  },
  { rule: proxyNonBlocking, remedy: restoreBlocking },
  { rule: proxyModeUnknown, remedy: restoreBlocking },
  { rule: envHomeOverride, remedy: dropEnv },
  { rule: envStoreOverride, remedy: dropEnv },
  { rule: envCodeInjection, remedy: dropEnv },
  { rule: envPackageSource, remedy: dropEnv },
  { rule: envFamilyUnproven, remedy: dropEnv },
  { rule: launchOptionInjection, remedy: runnerOption },
  { rule: runnerReleaseCutoff, remedy: releaseCutoff },
  { rule: proxyVersionUnknown, remedy: pinProxyRelease },
  { rule: launcherVulnerable, remedy: toFixedRelease },
];

export function remedyFor(ruleId: string): Remedy | undefined {
  return REMEDIES.find((r) => r.rule.id === ruleId);
}
