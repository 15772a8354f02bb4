import type { Result } from '../../shared/result.js';
import type { JsonNode, JsonObject } from '../json-model.js';
import type { Snapshot } from '../snapshot.js';

/** A digest and the exact bytes (as text) it was computed over. */
export interface Digest {
  readonly preimage: string;
  readonly digest: string;
}

export interface DigestProblem {
  readonly message: string;
  /** Pointer within the preimage (the CLI maps `node` back to the source document). */
  readonly pointer: string;
  /** The offending node, when there is one (locates the problem in the source text). */
  readonly node?: JsonNode;
}

interface ProfileBase {
  readonly id: string;
  readonly description: string;
}

/** A per-tool digest. */
export interface ToolProfile extends ProfileBase {
  readonly scope: 'tool';
  digestTool(tool: JsonObject): Result<Digest, DigestProblem>;
}

/** A digest of the server's non-tool surface. */
export interface ServerProfile extends ProfileBase {
  readonly scope: 'server';
  digestServer(snapshot: Snapshot): Result<Digest, DigestProblem>;
}

export type DigestProfile = ToolProfile | ServerProfile;
