import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { globFiles, type GlobOptions } from './glob.js';
import { HOST_PROGRAMS } from './shell-wrappers.js';

/**
 * Windows shortcuts (`.lnk`) the user starts programs from: the Start menu's Programs folder, the
 * desktop and the taskbar's pinned items. A shortcut holds its target and its command-line
 * arguments (MS-SHLLINK 2.4 StringData COMMAND_LINE_ARGUMENTS,
 * https://learn.microsoft.com/openspecs/windows_protocols/ms-shllink/17b69472-0f34-4bcf-b290-eccdb8de224b),
 * so one that starts a host program with an option (`Code.exe --user-data-dir D:\vs`) may move or
 * add what the host loads. The format is not decoded here: a shortcut that names a host program
 * and holds an option word is a floor cause naming it, never a silent skip.
 */
const SHORTCUT_FOLDERS: readonly { readonly base: string; readonly pattern: string }[] = [
  { base: 'AppData/Roaming/Microsoft/Windows/Start Menu/Programs', pattern: '**/*.lnk' },
  { base: 'Desktop', pattern: '*.lnk' },
  { base: 'AppData/Roaming/Microsoft/Internet Explorer/Quick Launch/User Pinned/TaskBar', pattern: '*.lnk' },
];
const MAX_SHORTCUT_BYTES = 1024 * 1024;
const PROGRAM_NAMES = new Set(HOST_PROGRAMS);

/** The shortcuts under `home` that start a host program with options, and why each is not followed. */
export async function win32Shortcuts(home: string, options: GlobOptions): Promise<{ file: string; detail: string }[]> {
  const out: { file: string; detail: string }[] = [];
  for (const f of SHORTCUT_FOLDERS) {
    const base = path.join(home, ...f.base.split('/'));
    for (const file of await globFiles({ base, pattern: f.pattern, display: `${base}/${f.pattern}` }, options)) {
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch {
        continue;
      }
      if (bytes.length > MAX_SHORTCUT_BYTES) continue;
      // Strings are UTF-16LE where the IsUnicode flag is set (at either byte alignment), the system
      // code page otherwise: all are read.
      const text = `${bytes.toString('utf16le')}\n${bytes.subarray(1).toString('utf16le')}\n${bytes.toString('latin1')}`;
      const program = [...text.matchAll(/[\w.-]+(?=\.exe)/gi)].map((m) => m[0].toLowerCase()).find((n) => PROGRAM_NAMES.has(n));
      // A StringData is its character count then its characters, so an argument may follow any character.
      const option = /(?:^|[^\w-])(--?[A-Za-z][\w-]*)/.exec(text)?.[1];
      if (program === undefined || option === undefined) continue;
      out.push({ file, detail: `${file} is a shortcut that starts ${program} with options (${option} …) the audit does not read from .lnk files: what it passes to the host is not followed` });
    }
  }
  return out;
}
