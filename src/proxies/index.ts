/** Every proxy recognizer. Order matters only for reporting; each is independent and pure. */
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
import type { ProxyRecognizer } from './types.js';

export const PROXIES: readonly ProxyRecognizer[] = [
  mcpindexGate, mcpHangar, mcpContextProtector, mcptrust, mcpPin,
  dockerMcpGateway, toolhive, invariantGateway, mcpDefender, enkryptGateway, mcpRemote,
];
