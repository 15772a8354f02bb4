import type { RuleMeta } from './types.js';
import { launchUnproven } from './launch-unproven.js';
import { claimUnproven } from './claim-unproven.js';
import { pinStoreUninspected } from './pin-store-uninspected.js';
import { proxyVersionUnknown } from './proxy-version-unknown.js';
import { recognizerFailed } from './recognizer-failed.js';
import { runnerCwdUnproven } from './runner-cwd-unproven.js';
import { envKeyMalformed } from './env-key-malformed.js';
import { envFamilyUnproven } from './env-family-unproven.js';
import { envInputUnproven } from './env-input-unproven.js';
import { launchConfigUnproven } from './launch-config-unproven.js';
import { launchConfigUnreadable } from './launch-config-unreadable.js';
import { runnerReleaseCutoff } from './runner-release-cutoff.js';
import { envFileUnread } from './env-file-unread.js';
import { probeDrift } from './probe-drift.js';
import { probeUnpinnedTools } from './probe-unpinned-tools.js';
import { probeFailed } from './probe-failed.js';
import { noPinningProxy } from './no-pinning-proxy.js';
import { proxyNotPinning } from './proxy-not-pinning.js';
import { proxyNonBlocking } from './proxy-non-blocking.js';
import { proxyModeUnknown } from './proxy-mode-unknown.js';
import { pinStorePlanted } from './pin-store-planted.js';
import { pinStoreUnresolvable } from './pin-store-unresolvable.js';
import { envHomeOverride } from './env-home-override.js';
import { envStoreOverride } from './env-store-override.js';
import { envCodeInjection } from './env-code-injection.js';
import { envPathOverride } from './env-path-override.js';
import { envPackageSource } from './env-package-source.js';
import { envOverrideInert } from './env-override-inert.js';
import { pinBaselineAbsent } from './pin-baseline-absent.js';
import { pinBaselinePartial } from './pin-baseline-partial.js';
import { pinBaselineDeleted } from './pin-baseline-deleted.js';
import { pinBaselineUnindexed } from './pin-baseline-unindexed.js';
import { pinStoreNotRegular } from './pin-store-not-regular.js';
import { pinStoreUnreadable } from './pin-store-unreadable.js';
import { pinStoreNewerFormat } from './pin-store-newer-format.js';
import { pinStoreWritable } from './pin-store-writable.js';
import { pinStoreAclUnproven } from './pin-store-acl-unproven.js';
import { pinStoreForeignOwner } from './pin-store-foreign-owner.js';
import { launchChainOpaque } from './launch-chain-opaque.js';
import { launcherVulnerable } from './launcher-vulnerable.js';
import { hangarToolsUnpinned } from './hangar-tools-unpinned.js';
import { homeEnvMismatch } from './home-env-mismatch.js';
import { homeForeignOwner } from './home-foreign-owner.js';
import { homeUnreadable } from './home-unreadable.js';
import { suppressionExpired } from './suppression-expired.js';
import { configUnparseable } from './config-unparseable.js';
import { configTooDeep } from './config-too-deep.js';
import { configTooLarge } from './config-too-large.js';
import { configNotRegularFile } from './config-not-regular-file.js';
import { configUnreadable } from './config-unreadable.js';
import { configInvalidUtf8 } from './config-invalid-utf8.js';
import { configSymlinkLoop } from './config-symlink-loop.js';
import { configDuplicateKey } from './config-duplicate-key.js';
import { configUnexpectedShape } from './config-unexpected-shape.js';
import { pinsUnmatched } from './pins-unmatched.js';
import { baselineShared } from './baseline-shared.js';
import { configTooManyProjects } from './config-too-many-projects.js';
import { launchOptionInjection } from './launch-option-injection.js';
import { proxyVersionFlawed } from './proxy-version-flawed.js';
import { policyProxyRequired } from './policy-proxy-required.js';
import { policyServerDenied } from './policy-server-denied.js';
import { policyServerNotAllowed } from './policy-server-not-allowed.js';
import { policyEnvDenied } from './policy-env-denied.js';
import { policyCoverageBelow } from './policy-coverage-below.js';

/**
 * The rule catalogue. One module per rule, file name = rule id. Add one import and one array
 * element per rule; never remove an id (deprecate it instead).
 */
export const RULES: readonly RuleMeta[] = [
  envKeyMalformed,
  envFamilyUnproven,
  envInputUnproven,
  launchConfigUnproven,
  launchConfigUnreadable,
  runnerReleaseCutoff,
  envFileUnread,
  probeDrift,
  probeUnpinnedTools,
  probeFailed,
  noPinningProxy,
  proxyNotPinning,
  proxyNonBlocking,
  proxyModeUnknown,
  pinStorePlanted,
  pinStoreUnresolvable,
  envHomeOverride,
  envStoreOverride,
  envCodeInjection,
  envPathOverride,
  envPackageSource,
  envOverrideInert,
  pinBaselineAbsent,
  pinBaselinePartial,
  pinBaselineDeleted,
  pinBaselineUnindexed,
  pinStoreNotRegular,
  pinStoreUnreadable,
  pinStoreNewerFormat,
  pinStoreWritable,
  pinStoreAclUnproven,
  pinStoreForeignOwner,
  launchChainOpaque,
  launcherVulnerable,
  hangarToolsUnpinned,
  homeEnvMismatch,
  homeForeignOwner,
  homeUnreadable,
  suppressionExpired,
  configUnparseable,
  configTooDeep,
  configTooLarge,
  configNotRegularFile,
  configUnreadable,
  configInvalidUtf8,
  configSymlinkLoop,
  configDuplicateKey,
  configUnexpectedShape,
  pinsUnmatched,
  baselineShared,
  configTooManyProjects,
  launchOptionInjection,
  proxyVersionFlawed,
  recognizerFailed,
  pinStoreUninspected,
  launchUnproven,
  claimUnproven,
  runnerCwdUnproven,
  proxyVersionUnknown,
  policyProxyRequired,
  policyServerDenied,
  policyServerNotAllowed,
  policyEnvDenied,
  policyCoverageBelow,
];
