// `npm run prepare`: builds the bundle (npm runs it on `npm install` in a checkout, on `npm pack`,
// and on installing this repository as a git dependency, `npm install --global github:…#tag`).
//
// A git dependency installed with --global is prepared with the global install's own config: npm
// runs `npm install` in its clone with `npm_config_global=true` in the environment, which installs
// nothing into the clone, so the build's tools are absent (`esbuild: not found`, exit 127; npm/cli
// lib/commands/install.js, pacote lib/git.js `[_prepareDir]`). Then the dev dependencies are
// installed here first, into this folder, exactly as the lockfile pins them and with no install
// scripts. Plain JavaScript: it runs before TypeScript is there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const npm = (args) => {
  // npm_execpath: the npm that runs this script (on PATH or not, on every OS).
  const cli = process.env.npm_execpath;
  const [cmd, pre] = cli !== undefined && cli !== '' ? [process.execPath, [cli]] : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
  const env = { ...process.env };
  // The outer install's --global, --location and --prefix are its own: here the folder is this one.
  for (const key of Object.keys(env)) if (['npm_config_global', 'npm_config_location', 'npm_config_prefix'].includes(key.toLowerCase())) delete env[key];
  // stdout goes to stderr: `npm pack` prints the tarball's name on stdout, which pre-commit reads.
  const r = spawnSync(cmd, [...pre, ...args], { stdio: ['ignore', 2, 2], env, shell: cmd.endsWith('.cmd') });
  if (r.error !== undefined) throw r.error;
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync('node_modules/esbuild/package.json')) {
  process.stderr.write('mcp-audit prepare: the build tools are not installed here; installing the dev dependencies from package-lock.json\n');
  npm(['ci', '--global=false', '--prefix', process.cwd(), '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error']);
}
npm(['run', 'bundle', '--silent']);
