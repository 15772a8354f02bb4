/**
 * The ProfileList registry key as `reg query … /s` prints it: a key line (`HKEY_LOCAL_MACHINE\…\<SID>`)
 * followed by indented `Name    REG_TYPE    data` lines (reg.exe: four-space separators). One
 * profile per SID subkey, its folder in ProfileImagePath (learn.microsoft.com, "User Profiles",
 * HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\ProfileList).
 * Pure text work: no registry access here (account-list.ts runs reg.exe through Env).
 */

export interface WindowsProfile {
  readonly name: string;
  readonly sid: string;
  readonly home: string;
}

/**
 * Human SIDs: local and domain accounts `S-1-5-21-<domain>-<rid>`, Entra ID accounts
 * `S-1-12-1-<4 parts>` (learn.microsoft.com/windows/win32/secauthz/well-known-sids, and the Entra
 * ID object-id SIDs of Azure AD joined devices). A `.bak` suffix (a profile Windows set aside) is not a SID.
 */
const HUMAN_SID = /^S-1-(?:5-21(?:-\d+){3,4}|12-1(?:-\d+){4})$/;
const ANY_SID = /^S-1-\d+(?:-\d+)+(?:\.bak)?$/i;

/** `C:\Users\alice` or `\\server\share\alice`: an absolute path with no %VARIABLE% left in it. */
function absoluteWindowsPath(p: string): boolean {
  return (/^[A-Za-z]:\\/.test(p) || /^\\\\[^\\]+\\[^\\]+/.test(p)) && !p.includes('%');
}

/** The last component of a Windows path: the profile folder's name. */
function folderName(p: string): string {
  const parts = p.split(/[\\/]/).filter((s) => s !== '');
  return parts[parts.length - 1] ?? '';
}

/** Parses `reg query ProfileList /s` output into human profiles, excluded ones (with reasons), and a count of system ones. */
export function profileAccounts(text: string): {
  accounts: WindowsProfile[]; excluded: { name: string; reason: string }[]; systemAccounts: number;
} {
  const keys: { sid: string; values: Map<string, string> }[] = [];
  let current: { sid: string; values: Map<string, string> } | undefined;
  for (const raw of text.split(/\r?\n/)) {
    if (/^HKEY_/i.test(raw)) {
      const sid = raw.trim().split('\\').pop() ?? '';
      current = ANY_SID.test(sid) ? { sid, values: new Map() } : undefined;
      if (current !== undefined) keys.push(current);
      continue;
    }
    const m = /^ {4}(.+?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(raw);
    if (m?.[1] !== undefined && current !== undefined) current.values.set(m[1].toLowerCase(), (m[3] ?? '').trimEnd());
  }
  const accounts: WindowsProfile[] = [];
  const excluded: { name: string; reason: string }[] = [];
  let systemAccounts = 0;
  const seen = new Set<string>();
  for (const { sid, values } of keys) {
    if (!HUMAN_SID.test(sid)) {
      systemAccounts += 1;
      continue;
    }
    if (seen.has(sid)) continue;
    seen.add(sid);
    const home = values.get('profileimagepath') ?? '';
    if (!absoluteWindowsPath(home)) {
      excluded.push({ name: sid, reason: `ProfileImagePath is not an absolute path (${JSON.stringify(home)})` });
      continue;
    }
    accounts.push({ name: folderName(home), sid, home });
  }
  return { accounts, excluded, systemAccounts };
}
