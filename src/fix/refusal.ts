/** How a write is refused: a reason for the user, thrown from deep in the write and caught at its top (write.ts). */
import { toError } from '../shared/errors.js';

export const codeOf = (e: unknown): string => {
  const err = toError(e);
  return 'code' in err && typeof err.code === 'string' ? err.code : err.message;
};

export class Refused extends Error {}
export const refuse = (reason: string): never => {
  throw new Refused(reason);
};

export const changed = (what: string): string => `the file changed since mcp-audit read it (${what}); nothing was written (run again)`;

export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;
