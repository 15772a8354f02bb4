import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A fixture home described as data: relative path → file content, or a special node.
 * `@HOME@` in any content is replaced by the materialized home's absolute path (configs that
 * name absolute paths under the home need it). `@SHA256:<path under the home>@` is replaced, once
 * every file is written, by that file's RECORD hash (`sha256=` + urlsafe base64 without padding,
 * packaging.python.org/en/latest/specifications/recording-installed-packages/): a RECORD can then
 * hash a console script whose shebang names the home.
 */
export type HomeNode =
  | string
  | { readonly content: string; readonly mode?: number; readonly uid?: number }
  | { readonly symlink: string }
  /** A second hard link to a file written earlier in the spec (relative to the home). */
  | { readonly hardlink: string }
  /** A directory with this mode (chmod after creation, so the umask does not apply). */
  | { readonly dir: true; readonly mode: number; readonly uid?: number }
  | { readonly fifo: true };

export type HomeSpec = Readonly<Record<string, HomeNode>>;

export async function tempDir(prefix: string): Promise<string> {
  return fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), `${prefix}-`)));
}

/** Writes the spec into a fresh temp dir and returns its path. */
export async function materializeHome(spec: HomeSpec, prefix = 'mcp-audit-home'): Promise<string> {
  const home = await tempDir(prefix);
  await writeSpec(home, spec);
  return home;
}

const RECORD_HASH = /@SHA256:([^@]+)@/g;

export async function writeSpec(home: string, spec: HomeSpec): Promise<void> {
  const sub = (s: string): string => s.split('@HOME@').join(home);
  const hashed: string[] = [];
  for (const [rel, node] of Object.entries(spec)) {
    const target = path.join(home, sub(rel));
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (typeof node === 'string') {
      await fs.writeFile(target, sub(node));
    } else if ('symlink' in node) {
      await fs.symlink(sub(node.symlink), target);
    } else if ('hardlink' in node) {
      await fs.link(path.join(home, sub(node.hardlink)), target);
    } else if ('dir' in node) {
      await fs.mkdir(target, { recursive: true });
      await fs.chmod(target, node.mode);
      if (node.uid !== undefined) await fs.chown(target, node.uid, node.uid);
    } else if ('fifo' in node) {
      execFileSync('mkfifo', [target]);
    } else {
      await fs.writeFile(target, sub(node.content));
      if (node.mode !== undefined) await fs.chmod(target, node.mode);
      if (node.uid !== undefined) await fs.chown(target, node.uid, node.uid);
    }
    if ((typeof node === 'string' ? node : 'content' in node ? node.content : '').includes('@SHA256:')) hashed.push(target);
  }
  for (const target of hashed) {
    const text = await fs.readFile(target, 'utf8');
    const parts: string[] = [];
    let at = 0;
    for (const m of text.matchAll(RECORD_HASH)) {
      const digest = createHash('sha256').update(await fs.readFile(path.join(home, m[1] ?? ''))).digest('base64url');
      parts.push(text.slice(at, m.index), `sha256=${digest}`);
      at = m.index + m[0].length;
    }
    parts.push(text.slice(at));
    await fs.writeFile(target, parts.join(''));
  }
}

/** Copies a committed fixture home into a temp dir, substituting @HOME@ in every regular file. */
export async function materializeDir(srcDir: string, prefix = 'mcp-audit-home'): Promise<string> {
  const home = await tempDir(prefix);
  await fs.cp(srcDir, home, { recursive: true, verbatimSymlinks: true });
  const walk = async (dir: string): Promise<void> => {
    for (const d of await fs.readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, d.name);
      if (d.isDirectory()) await walk(p);
      else if (d.isFile()) {
        const text = await fs.readFile(p, 'utf8');
        if (text.includes('@HOME@')) await fs.writeFile(p, text.split('@HOME@').join(home));
      }
    }
  };
  await walk(home);
  return home;
}

export const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;
