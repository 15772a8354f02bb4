import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ExpandedPath } from './paths.js';

const GLOB_OPTIONS = { dot: true, onlyFiles: false, followSymbolicLinks: false, deep: 12, suppressErrors: true, unique: true } as const;

/**
 * The paths a glob location names, sorted. fast-glob is loaded only when the pattern's literal
 * base directory exists (startup time); symlinked folders are not descended (no loops), matched
 * symlinks are returned and followed by the file reader. Non-files are returned too, so that a
 * FIFO or directory where a config belongs is reported rather than silently skipped.
 */
export async function globFiles(expanded: ExpandedPath): Promise<string[]> {
  if (expanded.pattern === undefined) return [expanded.base];
  if (!(await isDirectory(expanded.base))) return [];
  const fg = (await import('fast-glob')).default;
  const matches = await fg(expanded.pattern, { ...GLOB_OPTIONS, cwd: expanded.base, absolute: true });
  return matches.map((m) => path.normalize(m)).sort();
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
