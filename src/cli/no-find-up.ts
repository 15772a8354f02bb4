/**
 * Bundled in place of `escalade/sync` (build-bundle.ts: `alias`), the only
 * user of which is yargs' Node platform shim (yargs 18.2.0 lib/platform-shims/esm.mjs `findUp:
 * escalade`). yargs calls it from its factory, on every run, to guess a version from the nearest
 * package.json above the current directory (build/lib/yargs-factory.js `kPkgUp`): a `readdirSync`
 * of each ancestor of the cwd (20 ms under a /tmp holding 37k entries) and a read of whatever
 * package.json it meets, which is no business of an audit tool. The CLI passes its version
 * explicitly (`.version(VERSION)`) and uses no package.json configuration, so nothing is lost:
 * this returns "not found" at once, as yargs' own browser shim does (lib/platform-shims/browser.mjs
 * `findUp: () => undefined`).
 */
export default function findUp(_directory: string, _callback: (directory: string, names: string[]) => unknown): undefined {
  return undefined;
}
