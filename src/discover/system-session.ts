import type { Platform } from '../shared/env.js';

/**
 * The system's own session startup files, per OS layout: read like the home's dotfiles
 * (session-env.ts) for host directory variables, before them (a login shell reads /etc/profile
 * before ~/.profile). Absolute paths, placed in the audited tree by the caller (under `--root`,
 * below `DIR/_system/`); a `*` in the last segment is a pattern.
 *
 * - bash: /etc/profile and the scripts it loads from /etc/profile.d, the interactive system file
 *   (/etc/bash.bashrc where bash is built with SYS_BASHRC, as on Debian; /etc/bashrc, which
 *   Fedora's and macOS's ~/.bashrc source) — https://www.gnu.org/software/bash/manual/html_node/Bash-Startup-Files.html
 * - zsh: /etc/zshenv, /etc/zprofile, /etc/zshrc, /etc/zlogin (Debian builds zsh with /etc/zsh/) —
 *   https://zsh.sourceforge.io/Doc/Release/Files.html
 * - PAM: /etc/environment and /etc/security/pam_env.conf, read at login by pam_env —
 *   https://man7.org/linux/man-pages/man5/pam_env.conf.5.html
 * - systemd user sessions: environment.d in /etc, /run, /usr/local/lib and /usr/lib —
 *   https://www.freedesktop.org/software/systemd/man/latest/environment.d.html
 * - systemd managers: DefaultEnvironment= in system.conf, user.conf and their .conf.d drop-ins —
 *   https://www.freedesktop.org/software/systemd/man/latest/systemd-system.conf.html
 * - fish: /etc/fish/config.fish, /etc/fish/conf.d and vendor_conf.d —
 *   https://fishshell.com/docs/current/language.html#configuration-files
 * - csh/tcsh: /etc/csh.cshrc, /etc/csh.login — tcsh(1) "Startup and shutdown"
 * - X sessions: /etc/xprofile (sourced by display managers such as GDM and SDDM) and Debian's
 *   /etc/X11/Xsession.d scripts — Xsession(5) on Debian
 * - macOS: the same shell files, /etc/launchd.conf (`setenv NAME value` lines, launchd.conf(5),
 *   read by launchd before 10.10) and the launchd agents of every user in /Library/LaunchAgents
 *   (launchd.plist(5), launchctl(1) `setenv`)
 * - Windows: the all-users PowerShell profiles in $PSHOME (PowerShell 7 and Windows PowerShell) —
 *   https://learn.microsoft.com/powershell/module/microsoft.powershell.core/about/about_profiles.
 *   The machine environment (HKLM, the SYSTEM hive) is not read.
 */
const POSIX_SHELLS = [
  '/etc/profile', '/etc/profile.d/*.sh', '/etc/bash.bashrc', '/etc/bashrc',
  '/etc/zshenv', '/etc/zprofile', '/etc/zshrc', '/etc/zlogin',
  '/etc/csh.cshrc', '/etc/csh.login',
];

export const SYSTEM_SESSION_FILES: Readonly<Record<Platform, readonly string[]>> = {
  linux: [
    ...POSIX_SHELLS,
    '/etc/zsh/zshenv', '/etc/zsh/zprofile', '/etc/zsh/zshrc', '/etc/zsh/zlogin',
    '/etc/environment', '/etc/security/pam_env.conf',
    '/etc/environment.d/*.conf', '/run/environment.d/*.conf', '/usr/local/lib/environment.d/*.conf', '/usr/lib/environment.d/*.conf',
    '/etc/fish/config.fish', '/etc/fish/conf.d/*.fish', '/usr/share/fish/vendor_conf.d/*.fish',
    '/etc/xprofile', '/etc/X11/Xsession.d/*',
    '/etc/systemd/system.conf', '/etc/systemd/system.conf.d/*.conf', '/run/systemd/system.conf.d/*.conf',
    '/usr/local/lib/systemd/system.conf.d/*.conf', '/usr/lib/systemd/system.conf.d/*.conf',
    '/etc/systemd/user.conf', '/etc/systemd/user.conf.d/*.conf', '/run/systemd/user.conf.d/*.conf',
    '/usr/local/lib/systemd/user.conf.d/*.conf', '/usr/lib/systemd/user.conf.d/*.conf',
  ],
  darwin: [...POSIX_SHELLS, '/etc/launchd.conf', '/Library/LaunchAgents/*.plist'],
  win32: [
    'C:/Program Files/PowerShell/7/profile.ps1', 'C:/Program Files/PowerShell/7/Microsoft.PowerShell_profile.ps1',
    'C:/Windows/System32/WindowsPowerShell/v1.0/profile.ps1', 'C:/Windows/System32/WindowsPowerShell/v1.0/Microsoft.PowerShell_profile.ps1',
  ],
};
