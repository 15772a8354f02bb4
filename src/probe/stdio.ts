/**
 * Probe a stdio server: our own minimal newline-delimited JSON-RPC client over the child's pipes,
 * so each result is kept as the exact text the server wrote, and so a result the SDK would reject
 * is still captured (validation happens afterwards, as deviations).
 */
import { statSync } from 'node:fs';
import { launchGroup, type LaunchedGroup } from './launch.js';
import { LineFramer, type FrameVerdict } from './line-framer.js';
import { argvSecrets } from '../shared/redact.js';
import { RedactedTail, redactErrorMessage, redactor } from './redact.js';
import { clip, isRecord, replyTo, runSession, type RawMessage, type RpcChannel } from './session.js';
import type { RunAs } from './run-as.js';
import { ProbeAbort, type ProbeCapture, type ProbeFailureReason, type ProbeLimits, type StdioTarget } from './types.js';
import { parseJsonValue } from '../parse/json-value.js';

export interface StdioContext {
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** Another account's server: run as it, from its clean environment (hostEnv is then not used). */
  readonly runAs?: RunAs;
  readonly clientInfo: { readonly name: string; readonly version: string };
}

interface Pending {
  readonly method: string;
  readonly resolve: (message: RawMessage) => void;
  readonly reject: (error: ProbeAbort) => void;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function exitText(code: number | null, signal: NodeJS.Signals | null): string {
  return code !== null ? `exited with code ${code}` : `was killed by ${signal ?? 'a signal'}`;
}

export async function probeStdio(target: StdioTarget, limits: ProbeLimits, context: StdioContext): Promise<ProbeCapture> {
  const started = performance.now();
  const elapsedMs = (): number => Math.round(performance.now() - started);
  const redact = redactor([...Object.values(target.env ?? {}), ...argvSecrets(target.args)]);
  const stderr = new RedactedTail(limits.stderrTailBytes, redact);

  if (target.cwd !== undefined && !isDirectory(target.cwd)) {
    return { ok: false, reason: 'spawn-failed', detail: `the working directory ${JSON.stringify(target.cwd)} does not exist`, stderrTail: '', elapsedMs: elapsedMs() };
  }
  let group: LaunchedGroup;
  try {
    group = launchGroup({
      program: target.program, args: target.args, hostEnv: context.runAs?.env ?? context.hostEnv,
      ...(context.runAs !== undefined ? { runAs: { uid: context.runAs.uid, gid: context.runAs.gid } } : {}),
      ...(target.env !== undefined ? { env: target.env } : {}),
      // As another account, never in the operator's cwd (root's, which that account may not even enter): its home.
      ...(target.cwd !== undefined ? { cwd: target.cwd } : context.runAs !== undefined ? { cwd: context.runAs.home } : {}),
    });
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'error';
    return { ok: false, reason: 'spawn-failed', detail: `cannot start ${JSON.stringify(target.program)}: ${code}`, stderrTail: '', elapsedMs: elapsedMs() };
  }
  const { child } = group;

  const pending = new Map<number, Pending>();
  let abort: ProbeAbort | undefined;
  let finished = false;
  let nextId = 1;
  let totalBytes = 0;
  let unsolicited = 0;
  let waitingFor = 'the process to start';

  const fail = (reason: ProbeFailureReason, detail: string): void => {
    if (abort !== undefined || finished) return;
    abort = new ProbeAbort(reason, redact(detail));
    child.stdout.pause();
    for (const entry of pending.values()) entry.reject(abort);
    pending.clear();
  };
  const send = (message: Readonly<Record<string, unknown>>): void => {
    if (child.stdin.writable) child.stdin.write(`${JSON.stringify(message)}\n`);
  };
  const countUnsolicited = (): FrameVerdict => {
    if (++unsolicited <= limits.maxUnsolicited) return 'continue';
    fail('flood', `more than ${limits.maxUnsolicited} messages that answer nothing, while waiting for ${waitingFor}`);
    return 'stop';
  };

  const framer = new LineFramer(limits.maxMessageBytes, (line) => {
    if (abort !== undefined) return 'stop';
    if (line.trim() === '') return 'continue';
    let value: unknown;
    try {
      value = parseJsonValue(line);
    } catch {
      fail('non-json', `stdout is not JSON-RPC: ${JSON.stringify(clip(redact(line), 60))}`);
      return 'stop';
    }
    if (!isRecord(value)) {
      fail('protocol-error', 'a stdout message is not a JSON object');
      return 'stop';
    }
    const id = value['id'];
    if (typeof value['method'] === 'string') {
      if (id !== undefined && id !== null) send(replyTo(value));
      return countUnsolicited();
    }
    const entry = typeof id === 'number' ? pending.get(id) : undefined;
    if (entry === undefined || typeof id !== 'number') return countUnsolicited();
    pending.delete(id);
    entry.resolve(redactErrorMessage({ text: line, value }, redact));
    return 'continue';
  }, () => fail('message-too-large', `a message exceeded ${limits.maxMessageBytes} bytes while waiting for ${waitingFor}`));

  child.stdout.on('data', (chunk: Buffer) => {
    if (abort !== undefined) return;
    totalBytes += chunk.length;
    if (totalBytes > limits.maxTotalBytes) fail('flood', `more than ${limits.maxTotalBytes} bytes on stdout while waiting for ${waitingFor}`);
    else framer.push(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.on('error', (error) => {
    const code = 'code' in error ? String(error.code) : error.message;
    fail('spawn-failed', `cannot start ${JSON.stringify(target.program)}: ${code}`);
  });
  child.on('exit', (code, signal) => {
    // Let stdout drain first: a reply written just before exiting still counts.
    const report = (): void => fail('crash', `the server ${exitText(code, signal)} while the probe waited for ${waitingFor}`);
    if (child.stdout.readableEnded) report();
    else {
      const timer = setTimeout(report, 100);
      child.stdout.once('end', () => { clearTimeout(timer); setImmediate(report); });
    }
  });
  const timer = setTimeout(
    () => fail('timeout', `no answer within ${limits.timeoutMs} ms while waiting for ${waitingFor}`), limits.timeoutMs);

  const channel: RpcChannel = {
    request: (method, params) => new Promise<RawMessage>((resolve, reject) => {
      if (abort !== undefined) { reject(abort); return; }
      const id = nextId++;
      waitingFor = `${method} (request ${id})`;
      pending.set(id, { method, resolve, reject });
      send({ jsonrpc: '2.0', id, method, params });
    }),
    notify: (method, params) => {
      if (abort !== undefined) return Promise.reject(abort);
      send({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) });
      return Promise.resolve();
    },
  };

  let outcome: ProbeCapture;
  try {
    const session = await runSession(channel, limits, context.clientInfo);
    finished = true;
    outcome = {
      ok: true, transport: 'stdio', protocolVersion: session.protocolVersion,
      ...(session.serverInfo !== undefined ? { serverInfo: session.serverInfo } : {}),
      ...(session.instructions !== undefined ? { instructions: session.instructions } : {}),
      initializeRaw: session.initializeRaw, toolsRaw: session.toolsRaw, promptsRaw: session.promptsRaw, deviations: session.deviations, elapsedMs: elapsedMs(),
    };
  } catch (error) {
    if (!(error instanceof ProbeAbort)) {
      clearTimeout(timer);
      await group.stop({ graceful: false, graceMs: limits.graceMs });
      throw error;
    }
    fail(error.reason, error.detail);
    finished = true;
    const cause = abort ?? error;
    outcome = { ok: false, reason: cause.reason, detail: cause.detail, stderrTail: '', elapsedMs: elapsedMs() };
  }
  clearTimeout(timer);
  await group.stop({ graceful: outcome.ok, graceMs: limits.graceMs });
  return outcome.ok ? outcome : { ...outcome, stderrTail: stderr.text() };
}
