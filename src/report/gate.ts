import { applyBaseline } from './baseline.js';
import type { Baseline } from './baseline.js';
import type { AuditReport } from './model.js';
import { checkPolicyFile } from './policy-check.js';
import type { PolicyFile } from './policy-file.js';
import { applySuppressions } from './suppress.js';
import type { IgnoreFile } from './suppress.js';

/**
 * The one order in which a report meets what the operator accepted, so every
 * output renders the same marks: the policy file's violations are added first (they are findings
 * like any other), then the ignore file marks `suppressed`, then the baseline marks `new`/`known`
 * and lists grade regressions. Nothing here changes a grade or the coverage: acceptance only
 * decides what violates (report/policy.ts).
 */
export interface GateInputs {
  readonly policyFile?: PolicyFile;
  readonly ignore?: IgnoreFile;
  readonly baseline?: Baseline;
  readonly now: Date;
}

export function applyGate(report: AuditReport, inputs: GateInputs): AuditReport {
  const checked = inputs.policyFile !== undefined ? checkPolicyFile(report, inputs.policyFile) : report;
  const suppressed = inputs.ignore !== undefined ? applySuppressions(checked, inputs.ignore, inputs.now) : checked;
  return inputs.baseline !== undefined ? applyBaseline(suppressed, inputs.baseline) : suppressed;
}
