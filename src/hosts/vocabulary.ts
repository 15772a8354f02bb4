/** The words a host definition is written in (scopes, formats, transports), shared by types.ts and host-rules.ts. */
export type Scope = 'user' | 'project' | 'managed' | 'plugin' | 'profile';
export type ConfigFormat = 'json' | 'jsonc' | 'toml' | 'yaml';
export type Transport = 'stdio' | 'http' | 'sse' | 'unknown';
