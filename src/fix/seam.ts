/**
 * A test seam in the write path, so tests can put a real second process (an editor saving, a
 * second writer, kill -9) at an exact point of a real run without sleeping.
 *
 * `MCP_AUDIT_TEST_PAUSE=POINT[,POINT…]@DIR`: on reaching POINT, the writer writes its pid to
 * `DIR/POINT.reached` and then waits until it can read `DIR/POINT.go`. A test makes both FIFOs
 * (mkfifo): reading `.reached` returns when the writer is there, writing `.go` lets it go on. The
 * wait is asynchronous, so signals are handled while paused. Unset (always, outside tests), the
 * seam does nothing.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

export const SEAM_POINTS = [
  /** The audit has read the files (the bytes every edit is computed on); before planning. */
  'audited',
  /** Planned, before the lock is taken. */
  'planned',
  /** The lock is held; before the file is re-read and compared with what the plan was made on. */
  'locked',
  /** The new text is in its temporary file; before the last re-read and comparison. */
  'staged',
  /** Every check passed and the backup is written: the window between the last comparison and taking the file off its path. */
  'before-rename',
  /** The file is off its path (set aside under its held name), the new text not yet linked there: the path is absent. */
  'held',
  /** Renamed; before the result is verified and the lock released. */
  'renamed',
] as const;

export type SeamPoint = (typeof SEAM_POINTS)[number];
export type Seam = (point: SeamPoint, file: string) => Promise<void>;

export const SEAM_VARIABLE = 'MCP_AUDIT_TEST_PAUSE';

const isPoint = (s: string): s is SeamPoint => SEAM_POINTS.some((p) => p === s);

/** The seam the variable asks for, or undefined (no pauses). */
export function seamFrom(vars: Readonly<Record<string, string | undefined>>): Seam | undefined {
  const spec = vars[SEAM_VARIABLE];
  if (spec === undefined || spec === '') return undefined;
  const at = spec.lastIndexOf('@');
  if (at < 1) return undefined;
  const dir = spec.slice(at + 1);
  const points = new Set(spec.slice(0, at).split(',').filter(isPoint));
  if (points.size === 0 || !path.isAbsolute(dir)) return undefined;
  return async (point) => {
    if (!points.has(point)) return;
    await fs.writeFile(path.join(dir, `${point}.reached`), `${process.pid}\n`);
    await fs.readFile(path.join(dir, `${point}.go`));
  };
}
