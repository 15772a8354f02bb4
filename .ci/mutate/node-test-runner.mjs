// A Stryker test runner for this project's node:test suites, in process and per test.
//
// Why not @stryker-mutator/tap-runner: it starts one node process per test *file* for every mutant,
// and its coverage is per file. src/grade and src/proxies hold ~7,000 mutants; nearly all of them
// are reached by test/grade/cases.test.ts (177 grade cases, ~5 s a file run), so every surviving
// mutant would cost the whole file plus a process start: days on two cores, not 30 minutes.
//
// How this one works: loader.mjs hands the test files node-test-shim.mjs instead of `node:test`,
// so `test()`/`describe()`/hooks register here instead of running. The runner imports the test
// files once (Stryker's mutant schemata put every mutant in the code, switched by
// globalThis.__stryker__.activeMutant), records per-test coverage in the dry run, and then runs
// for each mutant only the tests that cover it, fastest first, stopping at the first failure.
// Static mutants (module-level data tables) need the modules evaluated with the mutant active:
// the runner imports the test files they need again as a new generation (`?gen=N`, which
// loader.mjs carries to every project module they import), so the whole project evaluates afresh
// in this process with the mutant active, then drops that generation. Stryker restarts a worker
// after `maxTestRunnerReuse` runs, which bounds the memory the generations hold.
//
// Each run gets a fresh TMPDIR (sticky and world-writable like /tmp) that is removed afterwards,
// so the homes the grade cases materialize do not pile up over thousands of runs; what the test
// files make while they are imported, and their `before` hooks, live as long as the worker.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import { INSTRUMENTER_CONSTANTS as ID } from '@stryker-mutator/api/core';
import { commonTokens, declareClassPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { DryRunStatus, MutantRunStatus, TestStatus, determineHitLimitReached, toMutantRunResult } from '@stryker-mutator/api/test-runner';

const KEY = Symbol.for('mcp-audit.mutate.registry');
const HERE = path.dirname(new URL(import.meta.url).pathname);
const TIMES_FILE = '.node-test-times.json';
const STATS_PREFIX = '.node-test-stats-';
const COVERAGE_FILE = '.node-test-coverage.json';
const MUTANT_SWITCH = /stryMutAct_9fa48\("([^"]+)"\)/g;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

class Suite {
  constructor(name, parent, file, options) {
    this.name = name;
    this.parent = parent;
    this.source = file;
    this.skip = (parent?.skip ?? false) || Boolean(options.skip) || Boolean(options.todo);
    this.hooks = { before: [], after: [], beforeEach: [], afterEach: [] };
  }

  chain() {
    const out = [];
    for (let s = this; s !== undefined; s = s.parent) out.unshift(s);
    return out;
  }

  title() {
    return this.chain().map((s) => s.name).join(' > ');
  }
}

/** node:test calls a function of two parameters with (t, done). */
function invoke(fn, ctx) {
  if (fn.length >= 2) {
    return new Promise((resolve, reject) => {
      try {
        fn(ctx, (err) => (err ? reject(err) : resolve()));
      } catch (e) {
        reject(e);
      }
    });
  }
  return fn(ctx);
}

const TMP_PREFIX = 'mcp-audit-mutate-';

/** Removes the temp dirs of workers Stryker killed (a timeout): their pid is in the name. */
function sweepStale() {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^mcp-audit-mutate-(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      process.kill(pid, 0);
    } catch (e) {
      if (e.code === 'ESRCH') fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}

/** dist/test/a/b.test.js → test/a/b.test.ts (tsc's rootDir is the project), for the report. */
function sourceOf(file) {
  const rel = path.relative(path.resolve('dist'), file);
  const ts = path.resolve(rel.replace(/\.js$/, '.ts'));
  return !rel.startsWith('..') && fs.existsSync(ts) ? ts : file;
}

const message = (e) => (e instanceof Error ? e.stack ?? e.message : String(e));

/** One test being run: its context object, its failure, the `t.after` callbacks it registered. */
class Running {
  constructor(test) {
    this.test = test;
    this.failure = undefined;
    this.afters = [];
    const self = this;
    this.ctx = {
      name: test.name,
      fullName: test.id,
      signal: new AbortController().signal,
      diagnostic() {},
      plan() {},
      runOnly() {},
      skip() {},
      todo() {},
      after(fn) { self.afters.push(fn); },
      test(...a) { return self.subtest(a); },
    };
  }

  fail(e) {
    this.failure ??= message(e);
  }

  async subtest(list) {
    const fn = list.find((a) => typeof a === 'function');
    const options = list.find((a) => a !== null && typeof a === 'object') ?? {};
    if (fn === undefined || options.skip || options.todo) return;
    try {
      await invoke(fn, this.ctx);
    } catch (e) {
      this.fail(e);
    }
  }
}

class Registry {
  constructor() {
    this.tests = [];
    this.byId = new Map();
    this.current = undefined;
    this.running = undefined;
  }

  test(p) {
    if (this.running !== undefined) return this.running.subtest([p.options, p.fn]);
    if (this.current === undefined) throw new Error(`node-test runner: test "${p.name}" registered outside a test file's import`);
    const base = `${this.current.title()} > ${p.name}`;
    let id = base;
    for (let n = 2; this.byId.has(id); n++) id = `${base} (${n})`;
    const t = {
      id, name: p.name, suite: this.current, fn: p.fn,
      skip: this.current.skip || Boolean(p.options.skip) || Boolean(p.options.todo) || p.fn === undefined,
    };
    this.tests.push(t);
    this.byId.set(id, t);
    return Promise.resolve();
  }

  describe(p) {
    if (this.running !== undefined || this.current === undefined) throw new Error(`node-test runner: describe "${p.name}" outside a test file's import`);
    const prev = this.current;
    this.current = new Suite(p.name, prev, prev.source, p.options);
    try {
      const r = p.fn?.();
      if (r !== null && typeof r?.then === 'function') throw new Error(`node-test runner: describe "${p.name}" has an async body`);
    } finally {
      this.current = prev;
    }
    return Promise.resolve();
  }

  hook(kind, fn) {
    if (this.running !== undefined) {
      if (kind !== 'after') throw new Error(`node-test runner: ${kind}() inside a test`);
      this.running.afters.push(fn);
      return;
    }
    if (this.current === undefined) throw new Error(`node-test runner: ${kind}() outside a test file's import`);
    this.current.hooks[kind].push(fn);
  }
}

export class NodeTestRunner {
  static inject = tokens(commonTokens.options, commonTokens.logger);

  constructor(options, log) {
    this.log = log;
    this.options = options.nodeTest ?? {};
    this.registry = new Registry();
    this.loaded = false;
    this.times = undefined;
    this.ns = (globalThis[ID.NAMESPACE] ??= {});
    this.stray = undefined;
    this.stats = { kills: {}, runs: {} };
    this.own = { kills: {}, runs: {} };
    this.tallies = 0;
    this.entered = [];
    this.beforeFailed = new Map();
    this.generation = 0;
  }

  capabilities() {
    // A static mutant gets a fresh generation of the modules (generation()): no new worker needed.
    return { reloadEnvironment: true };
  }

  async init() {
    const patterns = this.options.testFiles ?? ['dist/test/**/*.test.js'];
    this.files = (await fg(patterns, { absolute: true, onlyFiles: true })).sort();
    if (this.files.length === 0) throw new Error(`node-test runner: no test file matches ${patterns.join(', ')} (did the build run?)`);
    sweepStale();
    this.tmpBase = fs.mkdtempSync(path.join(os.tmpdir(), `${TMP_PREFIX}${process.pid}-`));
    this.loadDir = path.join(this.tmpBase, 'load');
    this.runDir = path.join(this.tmpBase, 'run');
    for (const d of [this.tmpBase, this.loadDir]) {
      fs.mkdirSync(d, { recursive: true });
      fs.chmodSync(d, 0o1777);
    }
    globalThis[KEY] = this.registry;
    const onStray = (e) => {
      if (this.registry.running !== undefined) this.registry.running.fail(e);
      else this.stray ??= message(e);
    };
    process.on('uncaughtException', onStray);
    process.on('unhandledRejection', onStray);
  }

  async dispose() {
    this.saveStats();
    // A file's `after` hooks undo what its import or its `before` hooks made: once, at the end.
    for (const s of this.entered.reverse()) {
      for (const h of s.hooks.after) {
        try { await invoke(h, {}); } catch (e) { this.log.warn(`after hook of ${s.title()}: ${message(e)}`); }
      }
    }
    if (this.tmpBase !== undefined) fs.rmSync(this.tmpBase, { recursive: true, force: true });
  }

  async load(files = this.files) {
    if (this.loaded) return;
    this.loaded = true;
    this.register();
    // What a test file makes while it is imported lives as long as this process.
    process.env.TMPDIR = this.loadDir;
    for (const file of files) {
      this.registry.current = new Suite(path.relative(process.cwd(), file), undefined, sourceOf(file), {});
      await import(pathToFileURL(file).href);
    }
    this.registry.current = undefined;
    process.env.TMPDIR = this.runDir;
  }

  register() {
    if (this.registered) return;
    this.registered = true;
    const scope = `${pathToFileURL(path.resolve(this.options.shimScope ?? 'dist/test')).href}/`;
    register(pathToFileURL(path.join(HERE, 'loader.mjs')).href, {
      data: { shim: pathToFileURL(path.join(HERE, 'node-test-shim.mjs')).href, scope, root: `${pathToFileURL(path.resolve('dist')).href}/` },
    });
  }

  /**
   * Runs `body` against a fresh generation of `files` (imported with the active mutant): its own
   * registry, suites and `before` hooks; its `after` hooks run at the end, then the previous state
   * is back. An import that throws is the mutant breaking a module's evaluation.
   */
  async inGeneration(files, body) {
    this.register();
    const saved = { registry: this.registry, entered: this.entered, beforeFailed: this.beforeFailed };
    this.registry = new Registry();
    globalThis[KEY] = this.registry;
    this.entered = [];
    this.beforeFailed = new Map();
    const gen = ++this.generation;
    const loadDir = path.join(this.tmpBase, `load-${gen}`);
    fs.mkdirSync(loadDir);
    fs.chmodSync(loadDir, 0o1777);
    try {
      process.env.TMPDIR = loadDir;
      try {
        for (const file of files) {
          this.registry.current = new Suite(path.relative(process.cwd(), file), undefined, sourceOf(file), {});
          await import(`${pathToFileURL(file).href}?gen=${gen}`);
        }
      } catch (e) {
        return { loadError: message(e) };
      } finally {
        this.registry.current = undefined;
        process.env.TMPDIR = this.runDir;
      }
      return { value: await body() };
    } finally {
      for (const s of this.entered.reverse()) {
        for (const h of s.hooks.after) {
          try { await invoke(h, {}); } catch (e) { this.log.warn(`after hook of ${s.title()}: ${message(e)}`); }
        }
      }
      Object.assign(this, saved);
      globalThis[KEY] = this.registry;
      fs.rmSync(loadDir, { recursive: true, force: true });
    }
  }

  freshTmp() {
    fs.rmSync(this.runDir, { recursive: true, force: true });
    fs.mkdirSync(this.runDir);
    fs.chmodSync(this.runDir, 0o1777);
  }

  /** Runs `tests` in order; `perTest` attributes coverage to each; stops at the first failure if `bail`. */
  async run(tests, { perTest, bail }) {
    this.freshTmp();
    const results = [];
    this.stray = undefined;
    for (const t of tests) {
      const result = { id: t.id, name: t.id, fileName: t.suite.source, timeSpentMs: 0 };
      if (t.skip) {
        results.push({ ...result, status: TestStatus.Skipped });
        continue;
      }
      const start = performance.now();
      const running = new Running(t);
      if (perTest) this.ns[ID.CURRENT_TEST_ID] = t.id;
      this.registry.running = running;
      const chain = t.suite.chain();
      try {
        // `before` hooks run once per process, when a run first enters their suite (node:test
        // runs them once per file); what they set up is shared by every later run.
        for (const s of chain) {
          if (!this.entered.includes(s)) {
            this.entered.push(s);
            try {
              for (const h of s.hooks.before) await invoke(h, running.ctx);
            } catch (e) {
              this.beforeFailed.set(s, message(e));
            }
          }
          if (this.beforeFailed.has(s)) throw new Error(`before hook of ${s.title()} failed: ${this.beforeFailed.get(s)}`);
        }
        for (const s of chain) for (const h of s.hooks.beforeEach) await invoke(h, running.ctx);
        await invoke(t.fn, running.ctx);
      } catch (e) {
        running.fail(e);
      } finally {
        for (const s of [...chain].reverse()) {
          for (const h of s.hooks.afterEach) {
            try { await invoke(h, running.ctx); } catch (e) { running.fail(e); }
          }
        }
        for (const h of running.afters) {
          try { await invoke(h, running.ctx); } catch (e) { running.fail(e); }
        }
        this.registry.running = undefined;
        if (perTest) this.ns[ID.CURRENT_TEST_ID] = undefined;
      }
      const timeSpentMs = performance.now() - start;
      if (running.failure !== undefined) {
        results.push({ ...result, timeSpentMs, status: TestStatus.Failed, failureMessage: running.failure });
        if (bail) break;
      } else {
        results.push({ ...result, timeSpentMs, status: TestStatus.Success });
      }
    }
    if (this.stray !== undefined && !results.some((r) => r.status === TestStatus.Failed)) {
      const last = results.findLast((r) => r.status === TestStatus.Success);
      if (last !== undefined) Object.assign(last, { status: TestStatus.Failed, failureMessage: `error outside a test: ${this.stray}` });
    }
    this.freshTmp();
    return results;
  }

  async dryRun(options) {
    try {
      await this.load();
      const perTest = options.coverageAnalysis === 'perTest';
      const tests = await this.run(this.registry.tests, { perTest, bail: false });
      const failed = tests.filter((t) => t.status === TestStatus.Failed);
      const mutantCoverage = options.coverageAnalysis === 'off' ? undefined : structuredClone(this.ns[ID.MUTATION_COVERAGE_OBJECT] ?? { static: {}, perTest: {} });
      if (failed.length === 0) {
        // Mutant runs take the covering tests fastest first: check once that the order does not matter.
        this.times = Object.fromEntries(tests.map((t) => [t.id, t.timeSpentMs]));
        const again = await this.run(this.ordered(undefined, undefined), { perTest: false, bail: false });
        const broken = again.filter((t) => t.status === TestStatus.Failed);
        if (broken.length > 0) {
          return { status: DryRunStatus.Error, errorMessage: `tests fail when run fastest first (they depend on order): ${broken.map((t) => `${t.id}: ${t.failureMessage}`).join('\n')}` };
        }
        fs.writeFileSync(TIMES_FILE, JSON.stringify(this.times));
        if (mutantCoverage !== undefined) {
          fs.writeFileSync(COVERAGE_FILE, JSON.stringify(Object.fromEntries(Object.entries(mutantCoverage.perTest).map(([t, c]) => [t, Object.keys(c)]))));
        }
      }
      return { status: DryRunStatus.Complete, tests, mutantCoverage };
    } catch (e) {
      return { status: DryRunStatus.Error, errorMessage: message(e) };
    }
  }

  /**
   * The tests named by `filter` (all when undefined) in the order most likely to fail soon: by
   * dry-run time over the share of this source file's mutants the test killed when it ran
   * (smoothed, so that unknown tests go fastest first). Each worker writes its tally beside the
   * sandbox's times file, and a fresh worker starts from all of them.
   */
  ordered(filter, sourceFile, lenient = false) {
    if (this.times === undefined) {
      this.times = readJson(TIMES_FILE) ?? {};
      for (const name of fs.readdirSync('.')) {
        if (!name.startsWith(STATS_PREFIX)) continue;
        for (const [kind, byFile] of Object.entries(readJson(name) ?? {})) {
          for (const [file, byTest] of Object.entries(byFile)) {
            const into = (this.stats[kind][file] ??= {});
            for (const [id, n] of Object.entries(byTest)) into[id] = (into[id] ?? 0) + n;
          }
        }
      }
    }
    let tests;
    if (filter === undefined) {
      tests = this.registry.tests;
    } else if (lenient) {
      // Loaded under a static mutant, a test built from a table may carry another name: run the
      // tests named by the filter and every test the dry run did not see.
      const wanted = new Set(filter);
      tests = this.registry.tests.filter((t) => wanted.has(t.id) || !(t.id in this.times));
    } else {
      tests = filter.map((id) => {
        const t = this.registry.byId.get(id);
        if (t === undefined) throw new Error(`node-test runner: no test ${id} (a worker that loaded a static mutant must be restarted)`);
        return t;
      });
    }
    const kills = this.stats.kills[sourceFile] ?? {};
    const runs = this.stats.runs[sourceFile] ?? {};
    const cost = (t) => ((this.times[t.id] ?? 1e6) * ((runs[t.id] ?? 0) + 1)) / ((kills[t.id] ?? 0) + 0.1);
    return [...tests].sort((a, b) => cost(a) - cost(b));
  }

  tally(sourceFile, tests) {
    for (const t of tests) {
      if (t.status === TestStatus.Skipped) continue;
      for (const stats of [this.stats, this.own]) {
        const byTest = ((stats.runs[sourceFile] ??= {}));
        byTest[t.id] = (byTest[t.id] ?? 0) + 1;
        if (t.status === TestStatus.Failed) {
          const k = (stats.kills[sourceFile] ??= {});
          k[t.id] = (k[t.id] ?? 0) + 1;
        }
      }
    }
    if (++this.tallies % 10 === 0) this.saveStats();
  }

  saveStats() {
    if (this.tallies > 0) fs.writeFileSync(`${STATS_PREFIX}${process.pid}.json`, JSON.stringify(this.own));
  }

  /**
   * A static mutant sits in a module-level value (a table of a proxy module, of env-risk.ts …),
   * evaluated once at import, so the dry run cannot say which tests read it and Stryker asks for
   * all of them. The tests that read a module's tables are those that run its code: this runs the
   * tests that covered any mutant of the same file in the dry run (all tests when none did).
   * MUTATE_STATIC_TESTS=all runs every test instead, at several times the cost.
   */
  fileTests(sandboxFile) {
    const ids = new Set([...fs.readFileSync(sandboxFile, 'utf8').matchAll(MUTANT_SWITCH)].map((m) => m[1]));
    const coverage = readJson(COVERAGE_FILE) ?? {};
    const tests = Object.entries(coverage).filter(([, covered]) => covered.some((m) => ids.has(m))).map(([t]) => t);
    return tests.length > 0 ? tests : undefined;
  }

  async mutantRun(options) {
    const id = options.activeMutant.id;
    const t0 = performance.now();
    try {
      const isStatic = options.mutantActivation === 'static';
      let filter = options.testFilter;
      if (isStatic) {
        this.activate(id, options.hitLimit);
        if (filter === undefined && process.env.MUTATE_STATIC_TESTS !== 'all') filter = this.fileTests(options.sandboxFileName);
      }
      const source = options.activeMutant.fileName;
      let tests;
      if (isStatic) {
        // A fresh generation of only the test files it needs, evaluated with the mutant active.
        if (this.tmpBase === undefined) throw new Error('node-test runner: init() did not run');
        const files = filter !== undefined ? [...new Set(filter.map((t) => path.resolve(t.split(' > ')[0])))] : this.files;
        const out = await this.inGeneration(files, () => this.run(this.ordered(filter, source, true), { perTest: false, bail: !options.disableBail }));
        // A static mutant that breaks a module's evaluation fails every test file importing it.
        if ('loadError' in out) return { status: MutantRunStatus.Killed, killedBy: [], nrOfTests: 0, failureMessage: `a test file does not load: ${out.loadError}` };
        tests = out.value;
      } else {
        await this.load(this.files);
        this.activate(id, options.hitLimit);
        tests = await this.run(this.ordered(filter, source, false), { perTest: false, bail: !options.disableBail });
      }
      this.tally(source, tests);
      // MUTATE_PROFILE=<file>: one line per mutant (where the time goes).
      if (process.env.MUTATE_PROFILE) fs.appendFileSync(process.env.MUTATE_PROFILE, `${id} ${options.mutantActivation} ${path.relative(process.cwd(), source)} tests=${tests.length} ms=${(performance.now() - t0).toFixed(0)} ${tests.some((t) => t.status === TestStatus.Failed) ? 'killed' : 'survived'}\n`);
      const hit = determineHitLimitReached(this.ns[ID.HIT_COUNT], this.ns[ID.HIT_LIMIT]);
      if (hit !== undefined) return toMutantRunResult(hit);
      return toMutantRunResult({ status: DryRunStatus.Complete, tests });
    } catch (e) {
      return toMutantRunResult({ status: DryRunStatus.Error, errorMessage: message(e) });
    } finally {
      this.ns[ID.ACTIVE_MUTANT] = undefined;
      this.ns[ID.HIT_COUNT] = undefined;
      this.ns[ID.HIT_LIMIT] = undefined;
      delete process.env[ID.ACTIVE_MUTANT_ENV_VARIABLE];
    }
  }

  activate(id, hitLimit) {
    this.ns[ID.ACTIVE_MUTANT] = id;
    this.ns[ID.HIT_LIMIT] = hitLimit;
    this.ns[ID.HIT_COUNT] = hitLimit === undefined ? undefined : 0;
    // Child processes the tests start (the CLI bundle) read the mutant from the environment.
    process.env[ID.ACTIVE_MUTANT_ENV_VARIABLE] = id;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'node-test', NodeTestRunner)];

export const strykerValidationSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    nodeTest: {
      type: 'object',
      description: 'Options of the in-process node:test runner (.ci/mutate/node-test-runner.mjs).',
      properties: {
        testFiles: { type: 'array', items: { type: 'string' }, description: 'Globs of the compiled test files, relative to the sandbox.' },
        shimScope: { type: 'string', description: 'Folder whose files get the node:test shim (default dist/test).' },
      },
      additionalProperties: false,
    },
  },
};
