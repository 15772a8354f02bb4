import { hangar } from './hangar.js';
import { narrow } from './narrow.js';
import { server } from './server.js';
import type { DigestProfile } from './types.js';
import { wide } from './wide.js';

/** Every digest profile. Explicit list: no side-effect imports. */
export const PROFILES = [narrow, wide, server, hangar] as const satisfies readonly DigestProfile[];

export type ProfileId = (typeof PROFILES)[number]['id'];

export function profileById(id: string): DigestProfile | undefined {
  return PROFILES.find((p) => p.id === id);
}
