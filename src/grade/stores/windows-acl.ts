/**
 * Who may write a file or directory on Windows, from its DACL as `icacls PATH` prints it
 * (learn.microsoft.com/windows-server/administration/windows-commands/icacls): the path, then one
 * ACE per line, `PRINCIPAL:(flags)…(rights)`; simple rights F, M, RX, R, W, D, or a specific list
 * such as `(R,W,D)`; flags (I) inherited, (OI)/(CI) inheritance, (IO) inherit-only (does not apply
 * to the object itself), (DENY). POSIX mode bits mean nothing there (Node reports 0o666/0o444 from
 * the read-only attribute), so on Windows this replaces them.
 * icacls prints no owner: an owner can always rewrite the DACL, so "owned by the account" is not
 * proven on Windows and says so (pin-store-acl-unproven).
 */
import { runTool } from '../../discover/accounts.js';
import type { AclReader } from '../../proxies/store-types.js';
import type { CommandRunner } from '../../shared/env.js';

export interface Ace {
  readonly principal: string;
  readonly flags: readonly string[];
  readonly rights: readonly string[];
}

/** icacls.exe at its fixed place, not from %PATH%. */
export const ICACLS_EXE = 'C:\\Windows\\System32\\icacls.exe';

/** Rights that let a principal change the object's content, replace it, or change who may (GA/GW generic). */
const WRITE_RIGHTS = new Set(['F', 'M', 'W', 'D', 'DC', 'WD', 'AD', 'WDAC', 'WO', 'GA', 'GW', 'MA']);
const FLAGS = new Set(['I', 'OI', 'CI', 'IO', 'NP', 'DENY']);

/** Principals that administer the machine anyway (a store they can write is no weaker than the OS). */
const MACHINE_PRINCIPALS = new Set(['nt authority\\system', 'builtin\\administrators', 'nt service\\trustedinstaller']);

/** The ACEs of `target` in icacls output, or undefined when it is not icacls output for that path. */
export function parseIcacls(stdout: string, target: string): Ace[] | undefined {
  const lines = stdout.split(/\r?\n/);
  const first = lines[0] ?? '';
  if (!first.toLowerCase().startsWith(`${target.toLowerCase()} `)) return undefined;
  const aceTexts = [first.slice(target.length + 1).trim()];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') break;
    if (!/^\s/.test(line)) return undefined;
    aceTexts.push(line.trim());
  }
  const aces: Ace[] = [];
  for (const text of aceTexts) {
    const at = text.lastIndexOf(':(');
    if (at <= 0) return undefined;
    const groups = [...text.slice(at + 1).matchAll(/\(([^)]*)\)/g)].map((m) => m[1] ?? '');
    if (groups.length === 0 || groups.join('').length + groups.length * 2 !== text.length - at - 1) return undefined;
    const flags = groups.filter((g) => FLAGS.has(g));
    const rights = groups.filter((g) => !FLAGS.has(g)).flatMap((g) => g.split(','));
    aces.push({ principal: text.slice(0, at), flags, rights });
  }
  return aces;
}

/** Principals other than the account and the machine's own that an allow ACE lets write the object. */
export function otherWriters(aces: readonly Ace[], account: string): string[] {
  const me = account.toLowerCase();
  const out: string[] = [];
  for (const ace of aces) {
    if (ace.flags.includes('IO') || ace.flags.includes('DENY')) continue;
    if (!ace.rights.some((r) => WRITE_RIGHTS.has(r))) continue;
    const p = ace.principal.toLowerCase();
    if (MACHINE_PRINCIPALS.has(p)) continue;
    // DOMAIN\name, COMPUTER\name, AzureAD\name: the account is matched by its name after the backslash.
    if (p === me || p.endsWith(`\\${me}`)) continue;
    if (!out.includes(ace.principal)) out.push(ace.principal);
  }
  return out;
}

/** Reads DACLs with icacls through Env's runner (fixed argv, no shell); `account` is the audited account. */
export function icaclsReader(account: string, run: CommandRunner | undefined): AclReader {
  return async (target) => {
    const out = await runTool([ICACLS_EXE], [target], run);
    if (out.code !== 0) return { kind: 'unproven', reason: `icacls could not read its ACL (${out.why})` };
    const aces = parseIcacls(out.stdout, target);
    if (aces === undefined) return { kind: 'unproven', reason: 'icacls printed something else than its ACL' };
    return { kind: 'read', writers: otherWriters(aces, account) };
  };
}
