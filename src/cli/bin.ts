#!/usr/bin/env node
import { run } from './run.js';
import { processEnv } from '../shared/env.js';

const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: processEnv(),
  readStdin: async (): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  },
};

process.exitCode = await run(process.argv.slice(2), io);
