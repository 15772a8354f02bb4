/**
 * Newline-delimited message framing for stdio, with a hard cap per message: a line that grows past
 * `maxLineBytes` is reported as soon as the cap is crossed, not after it ends (it may never end).
 */
export type FrameVerdict = 'continue' | 'stop';

export class LineFramer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private stopped = false;

  constructor(
    private readonly maxLineBytes: number,
    /** Called with each complete line (without `\n` or a trailing `\r`); return 'stop' to end framing. */
    private readonly onLine: (line: string) => FrameVerdict,
    private readonly onTooLarge: (bytesSoFar: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (!this.stopped) {
      const newline = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      if (this.pendingBytes + piece.length > this.maxLineBytes) {
        this.stopped = true;
        this.onTooLarge(this.pendingBytes + piece.length);
        return;
      }
      if (newline === -1) {
        if (piece.length > 0) {
          this.pending.push(piece);
          this.pendingBytes += piece.length;
        }
        return;
      }
      const bytes = this.pending.length === 0 ? piece : Buffer.concat([...this.pending, piece]);
      this.pending = [];
      this.pendingBytes = 0;
      start = newline + 1;
      let line = bytes.toString('utf8');
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (this.onLine(line) === 'stop') this.stopped = true;
    }
  }
}
