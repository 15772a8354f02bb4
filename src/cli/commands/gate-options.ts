import path from 'node:path';
import type { Argv } from 'yargs';
import { HOSTS } from '../../hosts/index.js';
import { PROXIES } from '../../proxies/index.js';
import { parseBaseline } from '../../report/baseline.js';
import type { Baseline } from '../../report/baseline.js';
import type { PolicyFile } from '../../report/policy-file.js';
import type { AuditReport } from '../../report/model.js';
import { within } from '../../report/suppress.js';
import { UsageError } from '../../shared/errors.js';
import { readGateText } from './gate-file.js';

/** `--baseline FILE` and `--policy FILE`, shared by scan, probe and check. */
export function withGateOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('baseline', {
      type: 'string', requiresArg: true,
      describe: 'a JSON report from an earlier run: fail only on new findings and grade regressions',
    })
    .option('policy', {
      type: 'string', requiresArg: true,
      describe: 'an organisation policy file (YAML or JSON, schemas/policy.schema.json); read only from this path, never discovered',
    });
}

export interface GateFiles {
  readonly baseline?: string;
  readonly policy?: string;
}

export function toGateFiles(argv: Readonly<Record<string, unknown>>): GateFiles {
  const pick = (key: 'baseline' | 'policy'): string | undefined => {
    const v = argv[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v === '') throw new UsageError(`--${key} needs a file`);
    return v;
  };
  const baseline = pick('baseline');
  const policy = pick('policy');
  return { ...(baseline !== undefined ? { baseline } : {}), ...(policy !== undefined ? { policy } : {}) };
}

function readNamed(flag: string, file: string, cwd: string): Promise<{ abs: string; text: string }> {
  return readGateText(`--${flag} ${file}`, file, cwd);
}

/**
 * Reads the files the operator named (only those: nothing is looked up in the audited tree).
 * A baseline accepts findings as an ignore file does, so the same rule holds (report/suppress.ts
 * ignoreCandidates): with --root, a baseline inside the audited tree is refused — a change to a
 * repository must not be able to accept its own new findings by editing the baseline it carries.
 * Take it from outside (the default branch's copy, an artifact of an earlier run). A policy file
 * named inside the tree is read: the operator chose it (it only adds findings and fail-on).
 */
export async function loadGateFiles(files: GateFiles, cwd: string, home: AuditReport['trustedHome']):
  Promise<{ baseline?: Baseline; policyFile?: PolicyFile }> {
  let baseline: Baseline | undefined;
  let policyFile: PolicyFile | undefined;
  if (files.baseline !== undefined) {
    if (home.source === 'root-flag' && within(path.resolve(cwd, files.baseline), home.path)) {
      throw new UsageError(`--baseline ${files.baseline} lies inside the audited tree ${home.path}: a tree cannot accept its own findings`);
    }
    const { text } = await readNamed('baseline', files.baseline, cwd);
    baseline = parseBaseline(text, files.baseline);
  }
  if (files.policy !== undefined) {
    const { abs, text } = await readNamed('policy', files.policy, cwd);
    // Loaded only with --policy: the schema validator (ajv) stays out of every other run's start-up.
    const { parsePolicyFile } = await import('../../report/policy-file.js');
    policyFile = parsePolicyFile(text, files.policy, abs, { hosts: HOSTS.map((h) => h.id), proxies: PROXIES.map((p) => p.id) });
  }
  return { ...(baseline !== undefined ? { baseline } : {}), ...(policyFile !== undefined ? { policyFile } : {}) };
}
