import type { AuditResult } from '../grade/audit.js';
import type { AllUsersAudit } from '../grade/all-users.js';
import type { Platform } from '../shared/env.js';
import type { ServerEntry } from '../parse/types.js';
import type { Finding } from '../rules/types.js';
import { redactArgv, redactText } from '../shared/redact.js';
import listSchema from '../../schemas/list.schema.json' with { type: 'json' };
import hostsSchema from '../../schemas/hosts.schema.json' with { type: 'json' };
import { orderKeys, shapeOf } from './json.js';

/**
 * The JSON of `scan --list` (schemas/list.schema.json) and `hosts --format json`
 * (schemas/hosts.schema.json). Like the report, each is written through an allow-list derived
 * from its schema: a field the schema does not declare never reaches the output.
 */

type Discovery = AuditResult['discovery'];
type AllUsersDiscovery = AllUsersAudit<Discovery>;

/** The one schemaVersion convention: every JSON output starts with a semver string. */
export const LIST_SCHEMA_VERSION = '1.1.0';
export const HOSTS_SCHEMA_VERSION = '1.1.0';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const LIST_SCHEMA: Record<string, unknown> = isRecord(listSchema) ? listSchema : {};
const HOSTS_SCHEMA: Record<string, unknown> = isRecord(hostsSchema) ? hostsSchema : {};
const LIST_SHAPE = shapeOf(LIST_SCHEMA, LIST_SCHEMA);
const HOSTS_DEFS: Record<string, unknown> = isRecord(HOSTS_SCHEMA['$defs']) ? HOSTS_SCHEMA['$defs'] : {};
/** One account's document, and the --all-users document of every account (the schema's two alternatives). */
const HOSTS_SHAPE = shapeOf(HOSTS_SCHEMA, HOSTS_DEFS['hosts']);
const ALL_USERS_HOSTS_SHAPE = shapeOf(HOSTS_SCHEMA, HOSTS_DEFS['allUsers']);

/** One entry for output: keys of env and headers only, never their values; secret-looking args and URL credentials masked. */
function entryJson(e: ServerEntry): Record<string, unknown> {
  return {
    ...e,
    location: { path: e.origin.file, pointer: e.origin.pointer, line: e.origin.line, column: e.origin.column },
    ...(e.command !== undefined ? { command: redactArgv([e.command])[0] ?? '' } : {}),
    args: redactArgv(e.args),
    ...(e.url !== undefined ? { url: redactArgv([e.url])[0] ?? '' } : {}),
    envKeys: Object.keys(e.env),
    headerKeys: Object.keys(e.headers),
  };
}

function findingJson(f: Finding): Finding {
  return { ...f, message: redactText(f.message) };
}

function common(d: Discovery): Record<string, unknown> {
  return {
    platform: d.platform,
    trustedHome: { path: d.home.path, source: d.home.source, user: d.home.user },
    homeEnvMismatch: d.homeEnvMismatch,
    projectScan: d.projectScan,
    countIsFloor: d.countIsFloor,
    floorCauses: d.floorCauses.map((f) => ({ ...f, detail: redactText(f.detail) })),
    hostEnv: d.hostEnv,
    projectRoots: d.projectRoots,
  };
}

/** `scan --list --format json`. */
export function renderListJson(d: Discovery): string {
  const value = {
    schemaVersion: LIST_SCHEMA_VERSION, ...common(d),
    entries: d.entries.map(entryJson),
    findings: d.findings.map(findingJson),
    locations: { checked: d.locations.length, found: d.locations.filter((l) => l.status === 'found').length, errors: d.locations.filter((l) => l.status === 'error').length },
  };
  return `${JSON.stringify(orderKeys(value, LIST_SHAPE), null, 2)}\n`;
}

/** `hosts --format json`, for the locations shown (all, or only existing ones with --found). */
function hostsValue(d: Discovery, locations: Discovery['locations']): unknown {
  return orderKeys({ schemaVersion: HOSTS_SCHEMA_VERSION, ...common(d), locations }, HOSTS_SHAPE);
}

export function renderHostsJson(d: Discovery, locations: Discovery['locations']): string {
  return `${JSON.stringify(hostsValue(d, locations), null, 2)}\n`;
}

/**
 * `hosts --all-users --format json`: how the accounts were listed and, per account, its status,
 * findings and (when audited) exactly the one-account document of its locations (`shown`).
 */
export function renderHostsAllUsersJson(run: AllUsersDiscovery, platform: Platform, shown: (d: Discovery) => Discovery['locations']): string {
  const value = {
    schemaVersion: HOSTS_SCHEMA_VERSION, platform, listedBy: run.listedBy, rule: run.rule, systemAccounts: run.systemAccounts, excluded: run.excluded,
    accounts: run.accounts.map((a) => ({
      name: a.account.name, uid: a.account.uid ?? null, ...(a.account.sid !== undefined ? { sid: a.account.sid } : {}), home: a.account.home,
      foundBy: a.account.source, status: a.status, ...(a.reason !== undefined ? { reason: a.reason } : {}),
      findings: a.findings.map((f) => ({ id: f.id, severity: f.severity, message: f.message })),
      ...(a.result !== undefined ? { hosts: hostsValue(a.result, shown(a.result)) } : {}),
    })),
  };
  return `${JSON.stringify(orderKeys(value, ALL_USERS_HOSTS_SHAPE), null, 2)}\n`;
}
