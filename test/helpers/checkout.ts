import { execFileSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../hosts/helpers.js';
import { tempDir } from './materialize.js';

/** package.json's version: the release a tag `v…` would name. */
export const VERSION = ((): string => {
  const pkg: unknown = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const v: unknown = typeof pkg === 'object' && pkg !== null ? Reflect.get(pkg, 'version') : undefined;
  if (typeof v !== 'string') throw new Error('package.json has no version');
  return v;
})();

/**
 * A clean clone of this repository as a user would get it: the working tree's files that git
 * tracks or would track (not what .gitignore leaves out: no node_modules, no dist), committed in a
 * new repository and tagged `v<version>`, so that uncommitted edits are what is tested. Returns
 * the repository's folder.
 */
export async function cleanClone(prefix: string): Promise<string> {
  const dir = path.join(await tempDir(prefix), 'mcp-audit');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
  for (const rel of listed.split('\0')) {
    if (rel === '') continue;
    const from = path.join(REPO, rel);
    // A tracked file deleted in the working tree is not part of it.
    const st = await fs.lstat(from).catch(() => undefined);
    if (st === undefined || st.isDirectory()) continue;
    const to = path.join(dir, rel);
    await fs.mkdir(path.dirname(to), { recursive: true });
    await fs.cp(from, to, { verbatimSymlinks: true });
  }
  const git = (...args: string[]): void => { execFileSync('git', ['-c', 'user.name=mcp-audit test', '-c', 'user.email=test@invalid', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], { cwd: dir, stdio: 'ignore' }); };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'snapshot of the working tree');
  git('tag', `v${VERSION}`);
  return dir;
}

/**
 * This process's environment without npm's own variables: under `npm test` npm exports its
 * configuration (`npm_config_prefix=/usr`, `npm_config_local_prefix`, …) to the scripts it runs,
 * and an `npm install --global` run by a test would obey them, not the settings the test gives.
 * A user's shell has none of them.
 */
export function envWithoutNpm(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
}
