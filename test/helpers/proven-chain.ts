import type { ClaimResult } from '../../src/grade/types.js';
import { CLAIMS } from '../../src/rules/types.js';

/** An evidence chain with every claim proven, for hand-built rows of an enforcing entry. */
export const provenChain = (): ClaimResult[] => CLAIMS.map((claim) => ({ claim, proven: true, evidence: [`${claim} proven (test row)`] }));
