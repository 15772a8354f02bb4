import { readFile } from 'node:fs/promises';
import type { Argv, CommandModule } from 'yargs';
import { classify } from '../../drift/classify.js';
import { readJsonText } from '../../canonical/json-text.js';
import { fromJsonNode, parseSnapshot } from '../../drift/input.js';
import { markedChange } from '../../drift/json.js';
import type { Delta, DriftResult, Snapshot } from '../../drift/types.js';
import { InputError, IoError, UsageError, toError } from '../../shared/errors.js';
import type { CommandContext, Io } from '../io.js';
import { escapeText } from '../../shared/text.js';
import { listingWidth, renderTable, wrapText } from '../../report/layout.js';
import type { Column } from '../../report/layout.js';

interface DiffArgs {
  readonly old: string | undefined;
  readonly new: string | undefined;
  readonly format: string;
  readonly batch: string | undefined;
}

/** The one schemaVersion convention (report/discovery-json.ts): a semver string. */
const SCHEMA_VERSION = '1.0.0';

async function readText(file: string, io: Io): Promise<string> {
  if (file === '-') {
    if (io.stdinIsTTY === true) io.stderr.write('mcp-audit: reading JSON from standard input (end with Ctrl-D)\n');
    return io.readStdin();
  }
  try {
    return await readFile(file, 'utf8');
  } catch (e: unknown) {
    throw new IoError(`cannot read ${file}: ${toError(e).message}`, { cause: e });
  }
}

interface Parsed {
  readonly value: unknown;
  /** Pointers of repeated member names (JSON.parse keeps the last copy). */
  readonly duplicates: readonly string[];
}

/** Strict JSON with line:column on errors, and the duplicate member names JSON.parse would hide. */
function parseJson(text: string, name: string): Parsed {
  const doc = readJsonText(text);
  if (!doc.ok) {
    const p = doc.problem;
    throw new InputError(`${name}:${p.line}:${p.column}: invalid JSON: ${p.message}${p.pointer === '' ? '' : ` at ${p.pointer}`}`, p);
  }
  // From the literal-preserving model, not JSON.parse: big integers keep their exact digits.
  return { value: fromJsonNode(doc.value.value), duplicates: doc.value.duplicates.map((d) => d.pointer) };
}

function toSnapshot(parsed: Parsed, name: string): Snapshot {
  const r = parseSnapshot(parsed.value);
  if (!r.ok) throw new InputError(`${name}${r.pointer === '' ? '' : ` at ${r.pointer}`}: ${r.message}`);
  return parsed.duplicates.length > 0 ? { ...r.snapshot, duplicateMembers: parsed.duplicates } : r.snapshot;
}

function jsonResult(r: DriftResult): object {
  return { schemaVersion: SCHEMA_VERSION, decision: r.decision, changed: r.changed, deltas: r.deltas };
}

/** The columns; a kind is an id and is never cut, so its column is as wide as the longest kind shown. */
const diffColumns = (kindWidth: number): readonly Column[] => [{ header: 'Severity', min: 8 }, { header: 'Kind', min: Math.max(14, kindWidth) }, { header: 'Tool / prompt', min: 10 }, { header: 'Path', min: 8 }, { header: 'Before → after', min: 10 }];

function renderDiffTable(r: DriftResult, width: number): string {
  if (!r.changed) return 'No drift: the contracts are equivalent.\n';
  const cut = (t: string | undefined): string => (t === undefined ? '—' : t.length > 140 ? `${t.slice(0, 140)}…` : t);
  // A cut must never hide what changed: a long change shows its marked span in full, a text in full.
  const change = (d: Delta): string => {
    const marked = d.details?.['change'];
    if (d.before !== undefined && d.after !== undefined && (d.before.length > 140 || d.after.length > 140)) {
      return typeof marked === 'string' ? marked : markedChange(d.before, d.after);
    }
    return d.details?.['class'] !== undefined ? `${d.before ?? '—'} → ${d.after ?? '—'}` : `${cut(d.before)} → ${cut(d.after)}`;
  };
  const rows = r.deltas.map((d) => [d.severity, d.kind, d.tool ?? d.prompt ?? '(server)', d.path === '' ? '/' : d.path, change(d)].map(escapeText));
  const table = renderTable(diffColumns(r.deltas.reduce((n, d) => Math.max(n, d.kind.length), 0)), rows, width);
  const verdict = r.decision === 'hold' ? 'HOLD: at least one change needs review' : 'AUTO-ACCEPT: every change is an added tool, optional parameter or first output schema';
  return `${table}\n${wrapText(`${r.deltas.length} change(s). ${verdict}`, width, '').join('\n')}\n`;
}

/** A record id is echoed as given; an exact big integer in it (input.ts fromJsonNode) is echoed as its digits. */
const bigintAsText = (_key: string, v: unknown): unknown => (typeof v === 'bigint' ? v.toString() : v);

/** `--batch FILE.jsonl`: one `{id, old, new}` per line → one JSON result per line, then a summary by kind. */
async function runBatch(file: string, ctx: CommandContext): Promise<void> {
  const text = await readText(file, ctx.io);
  const byKind = new Map<string, number>();
  let events = 0;
  let auto = 0;
  let hold = 0;
  let errors = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim() ?? '';
    if (line === '') continue;
    events++;
    let id: unknown = null;
    try {
      const parsed = parseJson(line, `line ${i + 1}`);
      const rec = parsed.value;
      if (typeof rec !== 'object' || rec === null || Array.isArray(rec)) throw new InputError(`line ${i + 1}: expected {id, old, new}`);
      id = Reflect.get(rec, 'id') ?? null;
      if (!('old' in rec) || !('new' in rec)) throw new InputError(`line ${i + 1}: missing "old" or "new"`);
      const side = (key: 'old' | 'new'): Parsed => ({
        value: Reflect.get(rec, key),
        duplicates: parsed.duplicates.filter((p) => p.startsWith(`/${key}/`)).map((p) => p.slice(key.length + 1)),
      });
      const r = classify(toSnapshot(side('old'), `line ${i + 1} old`), toSnapshot(side('new'), `line ${i + 1} new`));
      if (r.decision === 'hold') hold++;
      else auto++;
      for (const d of r.deltas) byKind.set(d.kind, (byKind.get(d.kind) ?? 0) + 1);
      ctx.io.stdout.write(`${JSON.stringify({ id, line: i + 1, decision: r.decision, changed: r.changed, deltas: r.deltas }, bigintAsText)}\n`);
    } catch (e: unknown) {
      // One bad or hostile line never ends the run: it becomes that line's error, the summary still prints, exit 2.
      errors++;
      const message = e instanceof InputError ? e.message : `line ${i + 1}: internal error: ${toError(e).message}`;
      ctx.io.stdout.write(`${JSON.stringify({ id, line: i + 1, error: message }, bigintAsText)}\n`);
    }
  }
  const kinds = Object.fromEntries([...byKind].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
  ctx.io.stdout.write(`${JSON.stringify({ summary: { schemaVersion: SCHEMA_VERSION, events, autoAccept: auto, hold, errors, byKind: kinds } })}\n`);
  ctx.exit(errors > 0 ? 2 : hold > 0 ? 1 : 0);
}

/** `mcp-audit diff OLD NEW` / `mcp-audit diff --batch FILE.jsonl`: classify tool-contract drift. */
export function diffCommand(ctx: CommandContext): CommandModule<object, DiffArgs> {
  return {
    command: 'diff [old] [new]',
    describe: 'Classify every change between two tool-contract snapshots; auto-accept only what cannot break a caller',
    builder: (y: Argv): Argv<DiffArgs> =>
      y.positional('old', { type: 'string', describe: 'the pinned snapshot: snapshot, tools/list result, tool array or one tool (JSON; - for stdin)' })
        .positional('new', { type: 'string', describe: 'the observed snapshot, same shapes' })
        .option('format', { type: 'string', requiresArg: true, choices: ['table', 'json'], default: 'table', describe: 'output format' })
        .option('batch', { type: 'string', requiresArg: true, describe: 'JSON Lines file, one {id, old, new} per line (- for stdin)' })
        .example('$0 diff pinned.json observed.json', 'table of changes; exit 1 if anything holds')
        .example('$0 diff old-tools.json new-tools.json --format json', 'every delta with kind, severity, tool, path')
        .example('$0 diff --batch crawl.jsonl > results.jsonl', 'one JSON result per line, then a summary by kind')
        .epilog('Auto-accepted: tool-added, param-added-optional, output-schema-added (each with its guards). Everything else holds.\n'
          + 'Exit codes: 0 nothing changed or everything auto-accepts; 1 something holds; 2 usage or input error.'),
    handler: async (argv) => {
      // yargs hands a lone `-` positional over as ''.
      const oldFile = argv.old === '' ? '-' : argv.old;
      const newFile = argv.new === '' ? '-' : argv.new;
      if (argv.batch !== undefined) {
        if (oldFile !== undefined || newFile !== undefined) throw new UsageError('--batch takes no OLD / NEW arguments');
        await runBatch(argv.batch === '' ? '-' : argv.batch, ctx);
        return;
      }
      if (oldFile === undefined || newFile === undefined) throw new UsageError('diff needs OLD and NEW (or --batch FILE.jsonl)');
      if (oldFile === '-' && newFile === '-') throw new UsageError('only one of OLD and NEW can be - (stdin)');
      const a = toSnapshot(parseJson(await readText(oldFile, ctx.io), oldFile), oldFile);
      const b = toSnapshot(parseJson(await readText(newFile, ctx.io), newFile), newFile);
      const r = classify(a, b);
      ctx.io.stdout.write(argv.format === 'json' ? `${JSON.stringify(jsonResult(r), null, 2)}\n` : renderDiffTable(r, listingWidth(ctx.io.stdout.isTTY, ctx.io.stdout.columns)));
      ctx.exit(r.decision === 'hold' ? 1 : 0);
    },
  };
}
