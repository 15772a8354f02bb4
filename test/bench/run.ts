/**
 * `npm run bench`: prints figures; never a timed test. Each section is a module exporting
 * `bench(): Promise<void>` that prints its own lines. Add sections to the list explicitly.
 * Run one section: `node dist/test/bench/run.js <name>`.
 */
interface Section {
  readonly name: string;
  readonly load: () => Promise<{ bench(): Promise<void> }>;
}

const SECTIONS: readonly Section[] = [
  { name: 'scan', load: () => import('./scan.js') },
  { name: 'peer', load: () => import('./peer.js') },
  { name: 'scale', load: () => import('./scale.js') },
  { name: 'limits', load: () => import('./limits.js') },
  { name: 'canonical', load: () => import('./canonical.js') },
  { name: 'probe', load: () => import('./probe.js') },
  { name: 'drift', load: () => import('./drift.js') },
  { name: 'edits', load: () => import('./edits.js') },
];

const only = process.argv[2];
for (const section of SECTIONS) {
  if (only !== undefined && section.name !== only) continue;
  process.stdout.write(`\n== ${section.name} ==\n`);
  const mod = await section.load();
  await mod.bench();
}
