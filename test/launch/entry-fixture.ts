/** Hand-built ServerEntry values for launch and proxy tests (discovery is another stage). */
import type { Origin, ServerEntry } from '../../src/parse/types.js';

const ORIGIN: Origin = { file: '/home/u/.cursor/mcp.json', pointer: '/mcpServers/s', line: 3, column: 5 };

export interface EntryShape {
  readonly name?: string;
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string | null>>;
  readonly url?: string;
  readonly transport?: ServerEntry['transport'];
  readonly raw?: unknown;
  readonly cwd?: string;
  readonly argOrigins?: readonly Origin[];
}

export function entry(shape: EntryShape): ServerEntry {
  const base: ServerEntry = {
    host: 'cursor', scope: 'user', configPath: ORIGIN.file, name: shape.name ?? 'server', origin: ORIGIN,
    transport: shape.transport ?? (shape.url !== undefined && shape.command === undefined ? 'http' : 'stdio'),
    args: shape.args ?? [], env: shape.env ?? {}, envOrigins: {}, headers: {}, disabled: false,
    raw: shape.raw ?? {},
  };
  let e: ServerEntry = base;
  if (shape.command !== undefined) e = { ...e, command: shape.command };
  if (shape.url !== undefined) e = { ...e, url: shape.url };
  if (shape.cwd !== undefined) e = { ...e, cwd: shape.cwd };
  if (shape.argOrigins !== undefined) e = { ...e, argOrigins: shape.argOrigins };
  return e;
}

/** An entry from an argv: program first. */
export function argvEntry(argv: readonly string[], rest: Omit<EntryShape, 'command' | 'args'> = {}): ServerEntry {
  const [command, ...args] = argv;
  return entry({ ...rest, command: command ?? '', args });
}

export function originAt(line: number): Origin {
  return { ...ORIGIN, pointer: `/mcpServers/s/args/${line}`, line, column: 9 };
}
