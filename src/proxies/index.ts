/**
 * Every proxy recognizer; each is independent and pure. Grading takes the first that recognises an
 * entry, so the pinning proxies come before the mediators (a mediator recognised by env or entry
 * name must not hide a pinning proxy in the same chain).
 */
import { dockerMcpGateway } from './docker-mcp-gateway.js';
import { enkryptGateway } from './enkrypt-gateway.js';
import { invariantGateway } from './invariant-gateway.js';
import { mcpContextProtector } from './mcp-context-protector.js';
import { mcpDefender } from './mcp-defender.js';
import { mcpHangar } from './mcp-hangar.js';
import { mcpPin } from './mcp-pin.js';
import { mcpRemote } from './mcp-remote.js';
import { mcpindexGate } from './mcpindex-gate.js';
import { mcptrust } from './mcptrust.js';
import { toolhive } from './toolhive.js';
import type { Proxy } from './types.js';

export const PROXIES: readonly Proxy[] = [
  mcpindexGate, mcpHangar, mcpContextProtector, mcptrust, mcpPin,
  dockerMcpGateway, toolhive, invariantGateway, mcpDefender, enkryptGateway, mcpRemote,
];
