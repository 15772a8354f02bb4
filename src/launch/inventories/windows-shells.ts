/**
 * cmd.exe and PowerShell. cmd /c runs the registry's Command Processor `AutoRun` command first
 * unless `/d` is given (https://learn.microsoft.com/en-us/windows-server/administration/windows-commands/cmd);
 * the registry is not a file this audit reads, so without /d that input is not examined. PowerShell
 * runs its profile scripts unless `-NoProfile` (https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.core/about/about_profiles),
 * and reads PSModulePath to load modules (about_PSModulePath).
 */
import type { Inventory } from '../../shared/inventory.js';
import { each } from './build.js';

const CMD = 'https://learn.microsoft.com/en-us/windows-server/administration/windows-commands/cmd';
const PROFILES = 'https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.core/about/about_profiles';
const PWSH = 'https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.core/about/about_pwsh';

export const cmdInventory: Inventory = {
  component: 'cmd',
  source: CMD,
  items: [
    { kind: 'env', name: 'PATH', effect: 'changes-lookup', when: { kind: 'program-by-name' }, note: 'a command is looked up in the current directory, then PATH', source: CMD },
    { kind: 'env', name: 'PATHEXT', effect: 'changes-lookup', when: { kind: 'program-by-name' }, note: 'which suffixes a bare name may carry', source: CMD },
    { kind: 'env', name: 'COMSPEC', effect: 'runs-code', note: 'the command processor started for nested commands', source: CMD },
    ...each('option', 'benign', ['/c', '/k', '/s', '/q', '/d', '/a', '/u', '/e:on', '/e:off', '/v:on', '/v:off', '/f:on', '/f:off'], 'the command string and console options; /d skips AutoRun', CMD),
  ],
  configFiles: [
    { path: 'HKCU/Software/Microsoft/Command Processor/AutoRun', format: 'script', scope: 'user', os: ['win32'], skippedBy: ['/d', '/D'], source: CMD },
    { path: 'HKLM/Software/Microsoft/Command Processor/AutoRun', format: 'script', scope: 'system', os: ['win32'], skippedBy: ['/d', '/D'], source: CMD },
  ],
};

export const powershellInventory: Inventory = {
  component: 'powershell',
  source: `${PWSH}; ${PROFILES}`,
  items: [
    ...each('env', 'runs-code', ['PSModulePath', 'PSMODULEPATH'], 'where modules (and the commands they define) are loaded from', 'https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.core/about/about_psmodulepath'),
    { kind: 'env', name: 'PATH', effect: 'changes-lookup', when: { kind: 'program-by-name' }, note: 'a native command is looked up on PATH', source: PWSH },
    { kind: 'env-family', name: 'POWERSHELL_', effect: 'unknown', note: 'POWERSHELL_TELEMETRY_OPTOUT and others: effect not modelled', source: PWSH },
    ...each('option', 'benign', ['-NoProfile', '-NonInteractive', '-NoLogo', '-Command', '-c', '-ExecutionPolicy', '-WindowStyle', '-InputFormat', '-OutputFormat'], 'the command and console options', PWSH),
  ],
  configFiles: [
    { path: '~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1', format: 'script', scope: 'user', skippedBy: ['-NoProfile', '-nop'], source: PROFILES },
    { path: '~/Documents/PowerShell/profile.ps1', format: 'script', scope: 'user', skippedBy: ['-NoProfile', '-nop'], source: PROFILES },
    { path: '~/Documents/WindowsPowerShell/Microsoft.PowerShell_profile.ps1', format: 'script', scope: 'user', skippedBy: ['-NoProfile', '-nop'], source: PROFILES },
    { path: '~/Documents/WindowsPowerShell/profile.ps1', format: 'script', scope: 'user', skippedBy: ['-NoProfile', '-nop'], source: PROFILES },
    { path: '~/.config/powershell/Microsoft.PowerShell_profile.ps1', format: 'script', scope: 'user', os: ['linux', 'darwin'], skippedBy: ['-NoProfile', '-nop'], source: PROFILES },
    { path: '~/.config/powershell/profile.ps1', format: 'script', scope: 'user', os: ['linux', 'darwin'], skippedBy: ['-NoProfile', '-nop'], source: PROFILES },
    { path: '%PROGRAMFILES%/PowerShell/7/profile.ps1', format: 'script', scope: 'system', os: ['win32'], skippedBy: ['-NoProfile', '-nop'], source: `${PROFILES} ($PSHOME\\profile.ps1)` },
  ],
};
