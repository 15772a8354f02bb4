/** Normalising a program as written (`C:\\tools\\UVX.EXE`, `/usr/bin/npx`, `run.sh`) to the name wrappers are keyed by. */

const WINDOWS_SUFFIX = /\.(exe|cmd|bat|com)$/i;
const STRIPPED_SUFFIX = /\.(exe|cmd|bat|com|sh)$/i;

/** True when the program looks like a Windows one: a Windows suffix, a backslash or a drive letter. */
export function isWindowsStyle(program: string): boolean {
  return WINDOWS_SUFFIX.test(program) || program.includes('\\') || /^[A-Za-z]:/.test(program);
}

/**
 * Basename, `.exe/.cmd/.bat/.com/.sh` stripped, lower-cased when Windows-style (Windows file
 * names are case-insensitive): `C:\\Tools\\UVX.EXE` → `uvx`, `/opt/x/mcp-context-protector.sh` →
 * `mcp-context-protector`.
 */
export function programName(program: string): string {
  const parts = program.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? program;
  const name = base.replace(STRIPPED_SUFFIX, '');
  return isWindowsStyle(program) ? name.toLowerCase() : name;
}

/** True when the program is resolved through PATH: no directory part at all. */
export function isBareName(program: string): boolean {
  return program !== '' && !/[\\/]/.test(program) && !/^[A-Za-z]:/.test(program);
}

/** `python`, `python3`, `python3.12`, `pythonw`, `py` (the Windows launcher). */
export function isPythonName(name: string): boolean {
  return /^python(\d+(\.\d+)?)?w?$/.test(name) || name === 'py';
}
