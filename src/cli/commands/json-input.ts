import { readConfigFile } from '../../discover/read-file.js';
import { findPointer, locate } from '../../canonical/json-model.js';
import type { JsonNode } from '../../canonical/json-model.js';
import { readJsonText } from '../../canonical/json-text.js';
import { InputError, IoError, toError } from '../../shared/errors.js';
import { escapeText } from '../../shared/text.js';
import type { Io } from '../io.js';
import { MAX_GATE_BYTES, readProblem } from './gate-file.js';

/** A JSON document named on the command line, read with number literals kept. */
export interface JsonInput {
  readonly name: string;
  readonly text: string;
  readonly root: JsonNode;
}

const showPointer = (pointer: string): string => (pointer === '' ? '"" (the document root)' : pointer);

export async function readJsonInput(file: string, io: Io): Promise<JsonInput> {
  const name = file === '-' ? '<stdin>' : file;
  let text: string;
  // Typed at a terminal with no file named: say what is being waited for instead of hanging mutely.
  if (file === '-' && io.stdinIsTTY === true) io.stderr.write('mcp-audit: reading JSON from standard input (end with Ctrl-D; or name a FILE)\n');
  if (file === '-') {
    try {
      text = await io.readStdin();
    } catch (e: unknown) {
      throw new IoError(`cannot read ${name}: ${toError(e).message}`, { cause: e });
    }
  } else {
    // The hardened read (gate-file.ts): regular files only, never a hang on a FIFO, strict UTF-8.
    const read = await readConfigFile(file, MAX_GATE_BYTES);
    const why = read.kind === 'absent' ? `cannot read ${name}: no such file` : readProblem(name, read);
    if (why !== undefined || read.kind !== 'text') throw new IoError(why ?? `cannot read ${name}`);
    text = read.text;
  }
  const doc = readJsonText(text);
  if (!doc.ok) {
    const p = doc.problem;
    throw new InputError(`${name}:${p.line}:${p.column}: invalid JSON: ${p.message} at ${showPointer(p.pointer)}`, p);
  }
  for (const d of doc.value.duplicates) {
    io.stderr.write(`mcp-audit: warning: ${name}:${d.line}:${d.column}: duplicate key ${JSON.stringify(d.key)} at ${escapeText(showPointer(d.pointer))}; the last one is used\n`);
  }
  return { name, text, root: doc.value.value };
}

/** An InputError for a problem found at `node` (or at `fallbackPointer` in a derived value). */
export function problemAt(input: JsonInput, message: string, node: JsonNode | undefined, fallbackPointer: string): InputError {
  const pointer = (node !== undefined ? findPointer(input.root, node) : undefined) ?? fallbackPointer;
  const offset = node?.offset;
  if (offset === undefined) return new InputError(`${input.name}: ${message} at ${showPointer(pointer)}`);
  const { line, column } = locate(input.text, offset);
  return new InputError(`${input.name}:${line}:${column}: ${message} at ${showPointer(pointer)}`, { pointer, line, column });
}
