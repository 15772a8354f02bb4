/** The words a host definition is written in (scopes, formats, transports), shared by types.ts and host-rules.ts. */
export type Scope = 'user' | 'project' | 'managed' | 'plugin' | 'profile';
/** `yaml-frontmatter`: the YAML frontmatter of a Markdown file (parse/frontmatter.ts). */
export type ConfigFormat = 'json' | 'jsonc' | 'json5' | 'toml' | 'yaml' | 'yaml-frontmatter';
export type Transport = 'stdio' | 'http' | 'sse' | 'unknown';
