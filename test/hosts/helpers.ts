import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env, Platform } from '../../src/shared/env.js';

/** The repository root (tests run from dist/test/…). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const fixtureHome = (name: string): string => path.join(REPO, 'fixtures', 'homes', name);

/** An Env that touches nothing real: no variables, cwd outside any fixture, fixed clock. */
export function testEnv(platform: Platform, overrides: Partial<Pick<Env, 'cwd' | 'vars'>> = {}): Env {
  return {
    platform,
    vars: overrides.vars ?? {},
    cwd: overrides.cwd ?? '/',
    uid: undefined,
    now: () => new Date('2026-11-29T00:00:00Z'),
  };
}

/**
 * A file that cannot be read even by root (tests run as root, so chmod 000 is no test): a
 * write-only sysfs attribute, where the kernel refuses reads to everyone. Undefined if none exists.
 */
export function unreadableEvenForRoot(): string | undefined {
  for (const candidate of ['/sys/bus/pci/rescan', '/sys/bus/pci/drivers_probe', '/sys/kernel/mm/ksm/run_once']) {
    try {
      closeSync(openSync(candidate, 'r'));
    } catch (e: unknown) {
      if (e instanceof Error && 'code' in e && e.code === 'EACCES') return candidate;
    }
  }
  return undefined;
}
