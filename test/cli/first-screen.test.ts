/**
 * What a new user sees first: every text output fits the terminal, or 80 columns in a pipe (stderr
 * too); colour by the NO_COLOR / FORCE_COLOR conventions; `help COMMAND`; shell completion; paths a
 * terminal, an editor and `git apply` resolve; suggested commands that carry the run's options.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { run } from '../../src/cli/run.js';
import { materializeHome } from '../helpers/materialize.js';
import { fixtureHome, REPO, testEnv } from '../hosts/helpers.js';
import { BIN } from './commands/cli-harness.js';

const widest = (text: string): number => Math.max(0, ...text.split('\n').map((l) => [...l].length));

function cli(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: options.cwd ?? REPO, env: options.env ?? process.env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI in process, its stdout a terminal of `columns` (or a pipe), with exactly `vars` as the environment. */
async function onTerminal(args: readonly string[], vars: Record<string, string>, tty: boolean): Promise<string> {
  let stdout = '';
  await run(args, {
    stdout: { write: (t: string) => { stdout += t; }, isTTY: tty, columns: 120 },
    stderr: { write: () => true },
    readStdin: async () => '',
    env: testEnv('linux', { vars }),
  });
  return stdout;
}

const PLANTED = {
  mcpServers: {
    fs: {
      command: 'uvx',
      args: ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--pin-store', '/tmp/pins.json',
        '--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=@modelcontextprotocol/server-filesystem'],
    },
    plain: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
  },
};

describe('the first screen', () => {
  it('piped, every text output is at most 80 columns wide, stderr included', () => {
    const home = fixtureHome('linux');
    const github = path.join(REPO, 'fixtures/drift/real/server-github');
    const versions = readdirSync(github).filter((f) => f.endsWith('.json')).sort();
    const cases: readonly (readonly string[])[] = [
      ['scan', '--root', home], ['hosts', '--root', home], ['scan', '--list', '--root', home], ['why', 'github', '--root', home],
      ['explain', 'no-pinning-proxy'], ['--help'], ['scan', '--help'], ['help', 'check'],
      ['diff', path.join(github, versions[0] ?? ''), path.join(github, versions[versions.length - 1] ?? '')],
    ];
    for (const args of cases) {
      const r = cli(args);
      assert.ok(r.code !== null && r.code <= 1, `${args.join(' ')}: exit ${String(r.code)} ${r.stderr}`);
      assert.ok(widest(r.stdout) <= 80, `${args.join(' ')}: stdout ${widest(r.stdout)} columns`);
      // The policy line (a usage or input error names one thing, and stays one line for grep).
      assert.ok(widest(r.stderr) <= 80, `${args.join(' ')}: stderr ${widest(r.stderr)} columns: ${r.stderr}`);
    }
    // The policy line names many entries: wrapped, its continuation lines indented.
    const scan = cli(['scan', '--root', home]);
    assert.match(scan.stderr, /^mcp-audit: policy violated: .*\n {2}\S/);
  });

  it('colour: NO_COLOR counts only when not empty; FORCE_COLOR forces it; --no-color and --color win', async () => {
    const ANSI = /\u001b\[/;
    const args = ['scan', '--root', fixtureHome('linux')];
    assert.match(await onTerminal(args, {}, true), ANSI, 'a terminal has colour');
    assert.match(await onTerminal(args, { NO_COLOR: '' }, true), ANSI, 'an empty NO_COLOR is not set (no-color.org)');
    assert.doesNotMatch(await onTerminal(args, { NO_COLOR: '1' }, true), ANSI);
    assert.doesNotMatch(await onTerminal(args, {}, false), ANSI, 'a pipe has none');
    assert.match(await onTerminal(args, { FORCE_COLOR: '1' }, false), ANSI, 'FORCE_COLOR forces it into a pipe');
    assert.doesNotMatch(await onTerminal(args, { FORCE_COLOR: '' }, false), ANSI);
    assert.doesNotMatch(await onTerminal(args, { FORCE_COLOR: '0' }, false), ANSI);
    assert.doesNotMatch(await onTerminal([...args, '--no-color'], { FORCE_COLOR: '1' }, true), ANSI);
    assert.match(await onTerminal([...args, '--color'], { NO_COLOR: '1' }, false), ANSI);
  });

  it('help COMMAND is COMMAND --help, and help alone is --help', () => {
    assert.equal(cli(['help', 'scan']).stdout, cli(['scan', '--help']).stdout);
    assert.match(cli(['help', 'scan']).stdout, /--format/);
    assert.equal(cli(['help']).stdout, cli(['--help']).stdout);
  });

  it('help and completion are first words only: after a command they are its own words (a server, a file), never the top-level help or the script', async () => {
    // yargs reads a last positional `help` as --help, which printed the top-level help for `why help`.
    const top = cli(['--help']).stdout;
    const home = await materializeHome({ '.cursor/mcp.json': JSON.stringify({ mcpServers: { help: { command: 'npx', args: ['-y', '@example/help-server'] } } }) }, 'mcp-audit-why-help');
    const named = cli(['why', 'help', '--root', home, '--no-project-scan']);
    assert.equal(named.code, 1, named.stderr);
    assert.match(named.stdout, /^help\b.*cursor/m);
    assert.match(named.stdout, /NOT proven/);
    const absent = cli(['why', 'help', '--root', fixtureHome('linux'), '--no-project-scan']);
    assert.equal(absent.code, 2);
    assert.equal(absent.stdout, '');
    assert.match(absent.stderr, /^mcp-audit: no server named "help" .*'mcp-audit help why'/);
    const fix = cli(['fix', 'help', '--root', home, '--no-project-scan']);
    assert.equal(fix.code, 1, fix.stderr);
    assert.match(fix.stdout, /wrap help --with/);
    for (const args of [['scan', 'help'], ['check', 'help'], ['explain', 'help']]) {
      const r = cli(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.notEqual(r.stdout, top, args.join(' '));
      assert.match(r.stderr, /^mcp-audit: .*help/, args.join(' '));
    }
    // yargs also took any positional `completion` as a request for its script.
    const completion = cli(['why', 'completion', '--root', fixtureHome('linux'), '--no-project-scan']);
    assert.equal(completion.code, 2);
    assert.equal(completion.stdout, '');
    assert.match(completion.stderr, /^mcp-audit: no server named "completion"/);
    assert.equal(cli(['help', 'why']).stdout, cli(['why', '--help']).stdout);
    assert.match(cli(['help', 'why']).stdout, /^mcp-audit why <server>/);
  });

  it('completion: a bash/zsh script, and the command and option names it completes', () => {
    const script = cli(['completion']);
    assert.equal(script.code, 0, script.stderr);
    assert.match(script.stdout, /--get-yargs-completions/);
    assert.match(script.stdout, /^complete .*-F _mcp-audit_yargs_completions mcp-audit$/m);
    const commands = cli(['--get-yargs-completions', 'sc']).stdout.split('\n');
    for (const c of ['scan', 'check', 'probe', 'explain']) assert.ok(commands.includes(c), commands.join(' '));
    const options = cli(['--get-yargs-completions', 'scan', '--fo']).stdout.split('\n');
    for (const o of ['--format', '--fail-on', '--root']) assert.ok(options.includes(o), options.join(' '));
  });

  it('fix in a repository: repository-relative paths, a diff git apply takes, suggestions that keep --root', async () => {
    const repo = await materializeHome({ 'dotfiles/.cursor/mcp.json': `${JSON.stringify(PLANTED, null, 2)}\n` }, 'mcp-audit-repo-paths');
    execFileSync('git', ['init', '-q', repo]);
    const fix = cli(['fix', '--root', 'dotfiles', '--no-project-scan'], { cwd: repo });
    assert.equal(fix.code, 1, fix.stderr);
    assert.doesNotMatch(fix.stdout, /~\//, 'no ~/: the root stands for a home, but ~ is this user\'s');
    assert.match(fix.stdout, /^--- a\/dotfiles\/\.cursor\/mcp\.json$/m);
    assert.match(fix.stdout, /mcp-audit wrap plain --with mcpindex-gate --root dotfiles --no-project-scan$/m);
    const check = spawnSync('git', ['apply', '--check', '-v', '-'], { cwd: repo, input: fix.stdout, encoding: 'utf8' });
    assert.equal(check.status, 0, check.stderr);
    const why = cli(['why', 'nothing', '--root', 'dotfiles'], { cwd: repo });
    assert.equal(why.code, 2);
    assert.match(why.stderr.replace(/\n\s*/g, ' '), /mcp-audit scan --list --root dotfiles shows every entry/);
  });
});
