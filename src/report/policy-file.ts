import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { isMap, isNode, isScalar, isSeq } from 'yaml';
import { gateYaml } from './gate-text.js';
import type { Scope } from '../parse/types.js';
import { UsageError } from '../shared/errors.js';
import type { FindingLocation } from '../rules/types.js';
import { FAIL_ON_VALUES } from './policy.js';
import type { FailOn } from './policy.js';
import { POLICY_SCHEMA } from './policy-schema.js';

/**
 * `--policy FILE`: an organisation policy, YAML or JSON (one YAML 1.2 parser reads
 * both), validated against schemas/policy.schema.json. It is read ONLY from the path the operator
 * names: nothing is ever discovered in the audited home or repository (a cloned repository must
 * not choose the policy it is judged by). A path that the operator deliberately points inside the
 * audited tree is read like any other, because the operator named it.
 *
 * An invalid file stops the run with a UsageError (exit 2) naming file:line:column and the key.
 */
export interface ProxyRequirement {
  readonly hosts?: readonly string[];
  readonly scopes?: readonly Scope[];
  readonly proxies: readonly string[];
  readonly at: FindingLocation;
}

export interface PolicyFile {
  /** The file as the operator named it. */
  readonly file: string;
  /** Absolute path (finding locations point into it). */
  readonly path: string;
  readonly requireProxy: readonly ProxyRequirement[];
  readonly denyServers: readonly string[];
  readonly allowServers: readonly string[];
  readonly denyEnv: readonly string[];
  readonly minCoverage?: { readonly percent: number; readonly at: FindingLocation };
  readonly failOn?: readonly FailOn[];
}

/** The ids the file may name: from the registries, passed in (report/ does not import hosts/ or proxies/). */
export interface PolicyVocabulary {
  readonly hosts: readonly string[];
  readonly proxies: readonly string[];
}

const ajv = new Ajv2020({ allErrors: true, strict: true });
const validate = ajv.compile(POLICY_SCHEMA);

/** `/require-proxy/0/proxies` → `require-proxy[0].proxies` (the key as a person reads it). */
function keyName(segments: readonly string[]): string {
  return segments.reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc === '' ? s : `${acc}.${s}`), '');
}

function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function describe(e: ErrorObject): { segments: string[]; text: string } {
  const segments = segmentsOf(e.instancePath);
  const params: Record<string, unknown> = e.params;
  const extra = params['additionalProperty'];
  if (e.keyword === 'additionalProperties' && typeof extra === 'string') {
    return { segments: [...segments, extra], text: 'is not a policy key' };
  }
  const missing = params['missingProperty'];
  if (e.keyword === 'required' && typeof missing === 'string') {
    return { segments: [...segments, missing], text: 'is required' };
  }
  const allowed = params['allowedValues'];
  if (e.keyword === 'enum' && Array.isArray(allowed)) return { segments, text: `must be one of ${allowed.map(String).join(', ')}` };
  return { segments, text: e.message ?? 'is invalid' };
}

const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScope = (v: string): v is Scope => ['user', 'project', 'managed', 'plugin', 'profile'].includes(v);
const isFailOn = (v: string): v is FailOn => FAIL_ON_VALUES.some((f) => f === v);

/** Parses and validates a policy file's text. Throws UsageError for anything invalid. */
export function parsePolicyFile(text: string, file: string, path: string, vocabulary: PolicyVocabulary): PolicyFile {
  const { doc, counter, value } = gateYaml(text, `--policy ${file}`, { uniqueKeys: true, what: 'policy file' });
  const posAt = (offset: number): FindingLocation => {
    const p = counter.linePos(offset);
    return { path, line: p.line, column: p.col };
  };
  const locate = (segments: readonly string[]): FindingLocation => {
    // Walks down as far as the path exists and points at the last key met (a missing key is
    // reported at its parent mapping, a list item at the item).
    let node: unknown = doc.contents;
    let at = posAt(0);
    const start = (n: unknown): number | undefined => (isNode(n) ? n.range?.[0] : undefined);
    const first = start(node);
    if (first !== undefined) at = posAt(first);
    for (const s of segments) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === s);
        if (pair === undefined) break;
        const k = start(pair.key);
        if (k !== undefined) at = posAt(k);
        node = pair.value;
      } else if (isSeq(node)) {
        const item: unknown = node.items[Number(s)];
        const k = start(item);
        if (k === undefined) break;
        at = posAt(k);
        node = item;
      } else {
        break;
      }
    }
    return at;
  };
  const stop = (at: FindingLocation, what: string): never => {
    throw new UsageError(`--policy ${file}:${at.line}:${at.column}: ${what}`);
  };
  if (!validate(value)) {
    const first = (validate.errors ?? [])[0];
    if (first === undefined) return stop(posAt(0), 'invalid policy file');
    const { segments, text: why } = describe(first);
    stop(locate(segments), segments.length === 0 ? `the policy ${why}` : `policy key "${keyName(segments)}" ${why}`);
  }
  if (!isRecord(value)) return stop(posAt(0), 'a policy file is a mapping');
  const requireProxy: ProxyRequirement[] = [];
  const rules = Array.isArray(value['require-proxy']) ? value['require-proxy'] : [];
  rules.forEach((r: unknown, i) => {
    if (!isRecord(r)) return;
    const check = (key: 'hosts' | 'proxies', known: readonly string[]): string[] => {
      const names = asStrings(r[key]);
      names.forEach((n, j) => {
        if (!known.includes(n)) stop(locate(['require-proxy', String(i), key, String(j)]), `policy key "require-proxy[${i}].${key}[${j}]": unknown ${key === 'hosts' ? 'host' : 'proxy'} "${n}" (one of ${known.join(', ')})`);
      });
      return names;
    };
    const hosts = r['hosts'] === undefined ? undefined : check('hosts', vocabulary.hosts);
    const scopes = r['scopes'] === undefined ? undefined : asStrings(r['scopes']).filter(isScope);
    requireProxy.push({
      ...(hosts !== undefined ? { hosts } : {}), ...(scopes !== undefined ? { scopes } : {}),
      proxies: check('proxies', vocabulary.proxies), at: locate(['require-proxy', String(i)]),
    });
  });
  const min = value['min-coverage'];
  const failOn = value['fail-on'] === undefined ? undefined : asStrings(value['fail-on']).filter(isFailOn);
  if (failOn !== undefined && failOn.includes('none') && failOn.length > 1) {
    stop(locate(['fail-on']), 'policy key "fail-on": "none" cannot be combined with other values');
  }
  return {
    file, path, requireProxy,
    denyServers: asStrings(value['deny-servers']),
    allowServers: asStrings(value['allow-servers']),
    denyEnv: asStrings(value['deny-env']),
    ...(typeof min === 'number' ? { minCoverage: { percent: min, at: locate(['min-coverage']) } } : {}),
    ...(failOn !== undefined ? { failOn } : {}),
  };
}
