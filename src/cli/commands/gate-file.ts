import path from 'node:path';
import { readConfigFile, type ReadOutcome } from '../../discover/read-file.js';
import { UsageError } from '../../shared/errors.js';

/** A baseline is an earlier run's JSON report: a large fleet's is far past a config's 16 MiB. */
export const MAX_GATE_BYTES = 256 * 1024 * 1024;

/**
 * Why a named gate or input file cannot be used, as `LABEL[:line:column]: why`, or undefined
 * when it was read as text. The read is the audit's own hardened one (discover/read-file.ts):
 * regular files only (opened non-blocking, then checked on the open handle: a FIFO never hangs
 * the run), a size limit, strict UTF-8 (a policy that is not UTF-8 would otherwise be read with
 * replacement characters and its rules silently stop matching).
 */
export function readProblem(label: string, read: ReadOutcome): string | undefined {
  switch (read.kind) {
    case 'text': return undefined;
    case 'absent': return `${label}: cannot read it (no such file)`;
    case 'problem':
      switch (read.problem) {
        case 'not-regular': return `${label}: not a regular file (${read.detail}): name a file`;
        case 'too-large': return `${label}: too large (${read.detail})`;
        case 'invalid-utf8': return `${label}:${read.line ?? 1}:${read.column ?? 1}: not UTF-8 (${read.detail}): refused rather than read with replacement characters`;
        case 'symlink-loop':
        case 'unreadable': return `${label}: cannot read it (${read.detail})`;
      }
  }
}

/** The text of a file the operator named, read fail-closed; throws UsageError naming `label`. */
export async function readGateText(label: string, file: string, cwd: string, maxBytes = MAX_GATE_BYTES): Promise<{ abs: string; text: string }> {
  const abs = path.resolve(cwd, file);
  const read = await readConfigFile(abs, maxBytes);
  const why = readProblem(label, read);
  if (why !== undefined || read.kind !== 'text') throw new UsageError(why ?? `${label}: cannot read it`);
  return { abs, text: read.text };
}
