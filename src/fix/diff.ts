/**
 * A unified diff of two texts (3 lines of context), for the preview `fix`, `wrap` and `unwrap`
 * print without --apply. The common head and tail are cut first, so the line-LCS only runs over
 * the edited middle; lines are shown without their line endings.
 */

type Line = { readonly kind: ' ' | '-' | '+'; readonly text: string; readonly a: number; readonly b: number };

const split = (t: string): string[] => {
  const lines = t.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** Edit script over two line lists (LCS; falls back to delete-all + add-all when the middle is huge). */
function script(a: readonly string[], b: readonly string[]): Line[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  const out: Line[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: ' ', text: a[i] ?? '', a: i, b: i });
  if (am.length * bm.length > 4_000_000) {
    am.forEach((t, i) => out.push({ kind: '-', text: t, a: head + i, b: head }));
    bm.forEach((t, j) => out.push({ kind: '+', text: t, a: head + am.length, b: head + j }));
  } else {
    const n = am.length;
    const m = bm.length;
    const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      const row = lcs[i] ?? new Uint32Array(0);
      const below = lcs[i + 1] ?? new Uint32Array(0);
      for (let j = m - 1; j >= 0; j--) row[j] = am[i] === bm[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && am[i] === bm[j]) { out.push({ kind: ' ', text: am[i] ?? '', a: head + i, b: head + j }); i++; j++; }
      else if (i < n && (j === m || (lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0))) { out.push({ kind: '-', text: am[i] ?? '', a: head + i, b: head + j }); i++; }
      else { out.push({ kind: '+', text: bm[j] ?? '', a: head + i, b: head + j }); j++; }
    }
  }
  for (let k = 0; k < tail; k++) out.push({ kind: ' ', text: a[a.length - tail + k] ?? '', a: a.length - tail + k, b: b.length - tail + k });
  return out;
}

/** A replacement of `before[start, end)` by `text` (file-edit.ts knows each edited entry's span). */
export interface Region {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const lineStartOf = (t: string, offset: number): number => t.lastIndexOf('\n', offset - 1) + 1;
const nextLineOf = (t: string, offset: number): number => {
  const nl = t.indexOf('\n', offset);
  return nl < 0 ? t.length : nl + 1;
};

/**
 * The edit script of `before` with the regions replaced, from the regions alone: the lines
 * between them are unchanged, so only each region's own lines are compared. Linear in the file,
 * where one comparison of everything between the first and the last edit of a large file was not.
 */
function regionScript(before: string, regions: readonly Region[]): Line[] {
  const sorted = [...regions].sort((x, y) => x.start - y.start);
  // Each region widened to whole lines; regions sharing a line are compared as one.
  const groups: { ls: number; le: number; members: Region[] }[] = [];
  for (const r of sorted) {
    const ls = lineStartOf(before, r.start);
    const le = r.end > ls && before[r.end - 1] === '\n' ? r.end : nextLineOf(before, r.end);
    const last = groups[groups.length - 1];
    if (last !== undefined && ls < last.le) { last.le = Math.max(last.le, le); last.members.push(r); }
    else groups.push({ ls, le, members: [r] });
  }
  const out: Line[] = [];
  let a = 0;
  let b = 0;
  let pos = 0;
  const same = (chunk: string): void => {
    for (const t of split(chunk)) { out.push({ kind: ' ', text: t, a, b }); a++; b++; }
  };
  for (const g of groups) {
    same(before.slice(pos, g.ls));
    let text = '';
    let at = g.ls;
    for (const m of g.members) { text += before.slice(at, m.start) + m.text; at = m.end; }
    text += before.slice(at, g.le);
    const am = split(before.slice(g.ls, g.le));
    const bm = split(text);
    for (const l of script(am, bm)) out.push({ ...l, a: a + l.a, b: b + l.b });
    a += am.length;
    b += bm.length;
    pos = g.le;
  }
  same(before.slice(pos));
  return out;
}

/**
 * `--- a/<label>` / `+++ b/<label>` and its hunks; '' when the texts are equal. With `regions`
 * (what turned `before` into `after`), only the regions' lines are compared.
 */
export function unifiedDiff(label: string, before: string, after: string, context = 3, regions?: readonly Region[]): string {
  if (before === after) return '';
  const lines = regions !== undefined ? regionScript(before, regions) : script(split(before), split(after));
  const changed = lines.map((l, i) => (l.kind === ' ' ? -1 : i)).filter((i) => i >= 0);
  const hunks: [number, number][] = [];
  for (const i of changed) {
    const from = Math.max(0, i - context);
    const to = Math.min(lines.length - 1, i + context);
    const last = hunks[hunks.length - 1];
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else hunks.push([from, to]);
  }
  const out = [`--- a/${label}`, `+++ b/${label}`];
  for (const [from, to] of hunks) {
    const part = lines.slice(from, to + 1);
    const first = part[0];
    if (first === undefined) continue;
    const aLen = part.filter((l) => l.kind !== '+').length;
    const bLen = part.filter((l) => l.kind !== '-').length;
    const aStart = aLen === 0 ? first.a : first.a + 1;
    const bStart = bLen === 0 ? first.b : first.b + 1;
    out.push(`@@ -${aStart},${aLen} +${bStart},${bLen} @@`);
    for (const l of part) out.push(`${l.kind}${l.text}`);
  }
  return `${out.join('\n')}\n`;
}
