import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOSTS } from '../../src/hosts/index.js';
import { EDITOR_PROGRAMS, type HostDefinition } from '../../src/hosts/types.js';
import { HOST_PROGRAMS } from '../../src/discover/shell-wrappers.js';

const hosts: readonly HostDefinition[] = HOSTS;

test('every host names the programs that start it, with a source', () => {
  for (const h of hosts) {
    const own = [...h.programs.names, ...h.programs.editors.flatMap((e) => EDITOR_PROGRAMS[e].names)];
    assert.ok(own.length > 0, `${h.id} has no program`);
    assert.ok(h.programs.source.length > 0, h.id);
    for (const n of h.programs.names) assert.match(n, /^[a-z0-9][a-z0-9._-]*$/, `${h.id}: ${n} is an executable name (lower case, no extension)`);
  }
});

test('a program whose options a host definition reads is one of that host\'s programs', () => {
  for (const h of hosts) {
    const own = new Set([...h.programs.names, ...h.programs.editors.flatMap((e) => EDITOR_PROGRAMS[e].names)]);
    for (const o of h.launchOptions ?? []) assert.ok(own.has(o.program), `${h.id}: launch option of ${o.program}`);
    const f = h.codeProviders?.folderOption;
    if (f !== undefined) assert.ok(own.has(f.program), `${h.id}: folder option of ${f.program}`);
    for (const a of [...h.programs.flatpaks, ...h.programs.macApps]) assert.ok(own.has(a.program), `${h.id}: ${a.program}`);
  }
});

test('the wrapper readers know every host\'s programs, and the editors that run extension hosts', () => {
  for (const n of ['cline', 'mcporter', 'code-oss', 'auggie', 'kilo', 'kilocode', 'droid', 'q', 'qchat', 'kiro-cli', 'qodercli', 'warp-terminal', 'cursor-agent', 'lms', 'antigravity', 'trae', 'windsurf-next', 'idea']) {
    assert.ok(HOST_PROGRAMS.includes(n), n);
  }
});
