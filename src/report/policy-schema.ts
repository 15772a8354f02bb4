/**
 * The policy file's JSON Schema (draft 2020-12). schemas/policy.schema.json is this object written
 * out; test/report/policy-schema.test.ts fails when the two differ, so editors and the CLI read
 * the same contract. Ids of hosts and proxies are checked against the registries in code.
 */
const NAMES = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true } as const;

export const POLICY_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:mcp-audit:schema:policy',
  title: 'mcp-audit policy file',
  description: 'An organisation policy for `mcp-audit scan|check --policy FILE` (YAML or JSON). Read only from the path given; never discovered in the audited tree.',
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: {
    version: { const: 1, description: 'The policy format version.' },
    'require-proxy': {
      description: 'Entries of these hosts and scopes must be launched through one of these proxies. An omitted hosts or scopes means every one.',
      type: 'array',
      items: {
        type: 'object',
        required: ['proxies'],
        additionalProperties: false,
        properties: {
          hosts: { ...NAMES, minItems: 1, description: 'host ids (mcp-audit hosts)' },
          scopes: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ['user', 'project', 'managed', 'plugin', 'profile'] } },
          proxies: { ...NAMES, minItems: 1, description: 'proxy ids (mcp-audit explain lists them in the README)' },
        },
      },
    },
    'deny-servers': { ...NAMES, description: 'package names, commands or URL hosts that no entry may run' },
    'allow-servers': { ...NAMES, description: 'when non-empty, an entry whose server is not listed is a finding' },
    'deny-env': { ...NAMES, description: 'env variable names no entry may set' },
    'min-coverage': { type: 'number', minimum: 0, maximum: 100, description: 'percent of enabled entries that must be enforcing' },
    'fail-on': {
      description: 'what violates (as --fail-on); --fail-on on the command line takes precedence',
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { enum: ['unverifiable', 'unprotected', 'floor', 'none', 'critical', 'high', 'medium', 'low', 'info'] },
    },
  },
} as const;
