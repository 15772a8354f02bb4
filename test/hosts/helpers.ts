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
