/**
 * CPython: its options and variables (https://docs.python.org/3/using/cmdline.html, `python3 --help-env`).
 * `-E` and `-I` make it ignore every PYTHON* variable. Console scripts of PyPI packages run in it.
 */
import type { Inventory, InventoryItem } from '../../shared/inventory.js';
import { each } from './build.js';

const CMD = 'https://docs.python.org/3/using/cmdline.html';
const ENVS = `${CMD}#environment-variables`;
const IGNORED = { kind: 'without-option', options: ['-E', '-I'] } as const;

const ignoredUnderE = (items: InventoryItem[]): InventoryItem[] => items.map((i) => ({ ...i, when: IGNORED }));

export const pythonInventory: Inventory = {
  component: 'python',
  source: CMD,
  items: [
    ...ignoredUnderE([
      ...each('env', 'runs-code', ['PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PYTHONUSERBASE', 'PYTHONINSPECT', 'PYTHONWARNINGS',
        'PYTHONPYCACHEPREFIX', 'PYTHONPLATLIBDIR', 'PYTHONBREAKPOINT', 'PYTHONCASEOK', 'PYTHONEXECUTABLE'],
      'imports or runs other code: a module path, a start-up file, a warnings filter that imports its category, bytecode from a chosen directory, an interactive prompt on stdin after the script', ENVS),
      ...each('env', 'unknown', ['PYTHONOPTIMIZE', 'PYTHON_FROZEN_MODULES', 'PYTHONLEGACYWINDOWSFSENCODING'], 'changes what runs (assert statements removed, stdlib read from files)', ENVS),
      ...each('env', 'benign', ['PYTHONUNBUFFERED', 'PYTHONIOENCODING', 'PYTHONDONTWRITEBYTECODE', 'PYTHONUTF8', 'PYTHONFAULTHANDLER', 'PYTHONNOUSERSITE',
        'PYTHONSAFEPATH', 'PYTHONHASHSEED', 'PYTHONLEGACYWINDOWSSTDIO', 'PYTHONDEVMODE', 'PYTHONMALLOC', 'PYTHONMALLOCSTATS', 'PYTHONTRACEMALLOC',
        'PYTHONPROFILEIMPORTTIME', 'PYTHONASYNCIODEBUG', 'PYTHONDEBUG', 'PYTHONVERBOSE', 'PYTHONWARNDEFAULTENCODING', 'PYTHONNODEBUGRANGES',
        'PYTHONINTMAXSTRDIGITS', 'PYTHONCOERCECLOCALE', 'PYTHONPERFSUPPORT', 'PYTHON_CPU_COUNT', 'PYTHON_COLORS', 'PYTHON_BASIC_REPL',
        'PYTHON_HISTORY', 'PYTHON_GIL', 'PYTHON_JIT', 'PYTHON_PERF_JIT_SUPPORT'],
      'buffering, encodings, diagnostics, or a stricter import path', ENVS),
      { kind: 'env-family', name: 'PYTHON', effect: 'unknown', note: 'any other PYTHON* variable: read by CPython, effect not modelled', source: ENVS },
    ]),
    { kind: 'env', name: '__PYVENV_LAUNCHER__', effect: 'runs-code', note: 'macOS framework builds: the executable whose pyvenv.cfg picks site-packages', source: 'python/cpython@v3.12.0:Modules/getpath.py' },
    ...each('option', 'runs-code', ['-W', '-i', '-X'], 'a warnings filter that imports its category; an interactive prompt on stdin; -X options (pycache_prefix, presite, frozen_modules) that load other code', `${CMD}#miscellaneous-options`),
    ...each('option', 'unknown', ['-O', '-OO', '-x', '--check-hash-based-pycs'], 'assert statements removed, first line skipped, bytecode validation changed', `${CMD}#miscellaneous-options`),
    ...each('option', 'benign', ['-b', '-bb', '-B', '-d', '-E', '-I', '-P', '-q', '-R', '-s', '-S', '-u', '-v', '-V', '-h'], 'warnings, buffering, verbosity, or a stricter start-up (no PYTHON*, no user site, no cwd on sys.path)', `${CMD}#miscellaneous-options`),
  ],
  configFiles: [],
};
