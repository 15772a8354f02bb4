import type { Discovery, DiscoverOptions } from '../discover/discover.js';
import { accountNamer } from '../discover/accounts.js';
import { discover } from '../discover/discover.js';
import type { Proxy } from '../proxies/types.js';
import type { Env } from '../shared/env.js';
import { readConfigFile } from '../discover/read-file.js';
import { gradeEntry } from './grade.js';
import { sharedBaselines } from './shared-baseline.js';
import { ARTIFACT_FILES } from './stores/artifact-files.js';
import { caseFoldFor, caseFoldedFiles, caseFoldedRead, caseFoldedStoreFiles } from './stores/case-fold.js';
import { STORE_FILES } from './stores/files.js';
import { icaclsReader } from './stores/windows-acl.js';
import type { GradeContext, GradedEntry } from './types.js';

export interface AuditResult {
  readonly discovery: Discovery;
  readonly rows: readonly GradedEntry[];
}

/** Discover every entry, then grade each (read-only: nothing from a config is executed). */
export interface GradingOptions {
  readonly inspectStores?: boolean;
  /** The proxy registry (default PROXIES): tests grade against their own. */
  readonly proxies?: readonly Proxy[];
}

export async function audit(options: DiscoverOptions, env: Env, grading: GradingOptions = {}): Promise<AuditResult> {
  const discovery = await discover(options, env);
  const home = discovery.home;
  // Owner checks compare against the audited account: --user's uid, else the current user's. Files on
  // Windows (env.platform: where they are, not the layout audited) have no uid: their DACL is read instead.
  const onWindows = env.platform === 'win32';
  const uid = onWindows ? undefined : home.uid ?? env.uid;
  // A macOS or Windows home read from a case-sensitive copy: every name the grader looks up is
  // matched ignoring case, as discovery matches host config names (stores/case-fold.ts).
  const fold = caseFoldFor(home.path, discovery.platform, env.platform);
  const ctx: GradeContext = {
    home: home.path, platform: discovery.platform, uid, user: home.user, userName: await accountNamer(),
    // --root: system files (/etc/npmrc, /etc/uv/uv.toml) are read below <root>/_system, as discovery reads /etc/gemini-cli.
    auditRoot: home.source === 'root-flag',
    treeWalks: new Map(),
    artifactFiles: fold === undefined ? ARTIFACT_FILES : caseFoldedFiles(ARTIFACT_FILES, fold),
    storeFiles: fold === undefined ? STORE_FILES : caseFoldedStoreFiles(STORE_FILES, fold),
    ...(fold !== undefined ? { readConfig: caseFoldedRead(readConfigFile, fold), sessionGlob: { folder: fold } } : {}),
    ...(onWindows ? { acl: icaclsReader(home.user, env.run) } : {}),
    ...(env.platform === 'darwin' ? { macAclsUnread: true as const } : {}),
    ...(grading.inspectStores === false ? { inspectStores: false } : {}),
    ...(grading.proxies !== undefined ? { proxies: grading.proxies } : {}),
  };
  const rows = sharedBaselines((await Promise.all(discovery.entries.map((e) => gradeEntry(e, ctx)))).flat());
  return { discovery, rows };
}
