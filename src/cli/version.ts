import { readFileSync } from 'node:fs';

function readVersion(): string {
  // dist/src/cli/version.js → ../../../package.json; the bundled chunk dist/src/cli/chunks/*.js →
  // ../../../../package.json; src/cli/version.ts (tsx) → ../../package.json. The name check below
  // makes a wrong candidate harmless.
  for (const rel of ['../../../package.json', '../../../../package.json', '../../package.json']) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'name' in parsed && parsed.name === 'mcp-audit'
        && 'version' in parsed && typeof parsed.version === 'string') return parsed.version;
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0';
}

/** The tool version, from package.json (never hard-coded). */
export const VERSION: string = readVersion();
