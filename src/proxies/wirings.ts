/**
 * The wiring of every proxy that documents one (see wiring-types.ts): the only list `fix`, `wrap`
 * and `unwrap` consult, so adding a proxy's wiring is one line here and its module's `wiring`.
 */
import { wiring as mcpContextProtector } from './mcp-context-protector.js';
import { wiring as mcpHangar } from './mcp-hangar.js';
import { wiring as mcpindexGate } from './mcpindex-gate.js';
import { wiring as mcptrust } from './mcptrust.js';
import type { ProxyId } from './types.js';
import type { ProxyWiring } from './wiring-types.js';

export const WIRINGS: readonly ProxyWiring[] = [mcpindexGate, mcpContextProtector, mcptrust, mcpHangar];

export function wiringOf(proxy: ProxyId | string): ProxyWiring | undefined {
  return WIRINGS.find((w) => w.proxy === proxy);
}

/** The proxy `fix` suggests wrapping an unprotected entry with: one whose wiring pins a release (wiring.release). */
export const DEFAULT_WRAP_PROXY = 'mcpindex-gate';
