/**
 * Typed errors. Bad input from a user's machine is *data* (a finding); these are thrown only for
 * a broken invariant (a bug) or a condition that stops the run (bad flags, unreadable input file
 * named on the command line, unwritable output).
 */
export type ErrorCode =
  | 'usage'          // bad flags or arguments: exit 2
  | 'input'          // a document given on the command line is not acceptable: exit 2
  | 'io'             // an operational failure (cannot read/write a named file): exit 2
  | 'internal';      // a bug: exit 2

export class AuditError extends Error {
  constructor(readonly code: ErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Bad command-line usage. */
export class UsageError extends AuditError {
  constructor(message: string, options?: ErrorOptions) {
    super('usage', message, options);
  }
}

/** Where in a JSON text something went wrong: a JSON pointer and a 1-based line:column. */
export interface TextLocation {
  readonly pointer: string;
  readonly line: number;
  readonly column: number;
}

/** A document that cannot be accepted (invalid JSON, non-finite number, too deep). */
export class InputError extends AuditError {
  constructor(message: string, readonly location?: TextLocation, options?: ErrorOptions) {
    super('input', message, options);
  }
}

/** An operational failure reading or writing a file the operator named. */
export class IoError extends AuditError {
  constructor(message: string, options?: ErrorOptions) {
    super('io', message, options);
  }
}

/** A broken invariant: always a bug in mcp-audit. */
export class InternalError extends AuditError {
  constructor(message: string, options?: ErrorOptions) {
    super('internal', message, options);
  }
}

/** Narrow an unknown caught value to an Error without `as`. */
export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** `ENOENT: no such file or directory` from a Node fs error (the code and its meaning), else the message. */
export function errnoText(e: unknown): string {
  const code: unknown = typeof e === 'object' && e !== null ? Reflect.get(e, 'code') : undefined;
  const meaning: Readonly<Record<string, string>> = {
    ENOENT: 'its directory does not exist', EACCES: 'permission denied', EPERM: 'operation not permitted',
    EISDIR: 'it is a directory', ENOTDIR: 'a parent is not a directory', EROFS: 'read-only file system', ENOSPC: 'no space left on device',
  };
  if (typeof code === 'string') return `${code}${Object.hasOwn(meaning, code) ? ` (${meaning[code] ?? ''})` : ''}`;
  return e instanceof Error ? e.message : 'unknown error';
}
