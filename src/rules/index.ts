import type { RuleMeta } from './types.js';

/**
 * The rule catalogue. One module per rule, file name = rule id. Add one import and one array
 * element per rule; never remove an id (deprecate it instead).
 */
export const RULES: readonly RuleMeta[] = [
];
