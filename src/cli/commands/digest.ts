import type { Argv, CommandModule } from 'yargs';
import { getMember } from '../../canonical/json-model.js';
import { PROFILES } from '../../canonical/profiles/index.js';
import type { DigestProfile } from '../../canonical/profiles/types.js';
import { snapshotShape, toSnapshot } from '../../canonical/snapshot.js';
import type { CommandContext } from '../io.js';
import { escapeText } from '../../shared/text.js';
import { listingWidth, renderTable } from '../../report/layout.js';
import type { Column } from '../../report/layout.js';
import { problemAt, readJsonInput } from './json-input.js';

interface DigestArgs {
  readonly file: string;
  readonly profile: string;
  readonly format: string;
}

interface DigestRow {
  readonly subject: string;
  readonly profile: string;
  readonly digest: string;
}

const PROFILE_CHOICES = [...PROFILES.map((p) => p.id), 'all'];

/** `mcp-audit digest [FILE|-]`: contract digests of a tool, tool list, tools/list result or snapshot. */
export function digestCommand(ctx: CommandContext): CommandModule<object, DigestArgs> {
  return {
    command: 'digest [file]',
    describe: 'Compute tool-contract digests (narrow, wide, server, hangar) of tools or a server snapshot',
    builder: (y: Argv): Argv<DigestArgs> =>
      y.positional('file', { type: 'string', default: '-', describe: 'a Tool, an array of tools, a tools/list result or a snapshot (JSON); - for stdin' })
        .option('profile', { type: 'string', requiresArg: true, choices: PROFILE_CHOICES, default: 'all', describe: 'which digest to compute' })
        .option('format', { type: 'string', requiresArg: true, choices: ['table', 'json'], default: 'table', describe: 'output format' })
        .example('$0 digest fixtures/demo/snapshot.json', 'every profile, as a table')
        .example('$0 digest tool.json --profile narrow', 'the mcpindex definition_hash of one tool')
        .example('$0 digest tools-list.json --profile hangar --format json', 'mcp-hangar digests as JSON')
        .epilog(`Profiles:\n${PROFILES.map((p) => `  ${p.id.padEnd(7)} ${p.description}`).join('\n')}`),
    handler: async (argv) => {
      const input = await readJsonInput(argv.file, ctx.io);
      const snap = toSnapshot(input.root);
      if (!snap.ok) throw problemAt(input, snap.problem.message, snap.problem.node, snap.problem.pointer);
      const snapshot = snap.value;
      if (snapshot.incomplete === true) {
        ctx.io.stderr.write(`mcp-audit: warning: ${input.name} is one tools/list page (nextCursor is set); later pages are not covered\n`);
      }
      const selected: readonly DigestProfile[] = argv.profile === 'all' ? PROFILES : PROFILES.filter((p) => p.id === argv.profile);
      const rows: DigestRow[] = [];
      for (const profile of selected) {
        if (profile.scope === 'server') {
          if (snapshotShape(input.root) !== 'snapshot') {
            // A bare tool list has no server surface: say so rather than print the digest of {}.
            if (argv.profile === profile.id) ctx.io.stderr.write(`mcp-audit: warning: ${input.name} is not a snapshot: no instructions or prompts to digest\n`);
            continue;
          }
          const r = profile.digestServer(snapshot);
          if (!r.ok) throw problemAt(input, `${profile.id}: ${r.problem.message}`, r.problem.node, r.problem.pointer);
          rows.push({ subject: '(server)', profile: profile.id, digest: r.value.digest });
          continue;
        }
        for (const tool of snapshot.tools) {
          const r = profile.digestTool(tool);
          if (!r.ok) throw problemAt(input, `${profile.id}: ${r.problem.message}`, r.problem.node ?? tool, r.problem.pointer);
          const name = getMember(tool, 'name');
          rows.push({ subject: name?.kind === 'string' ? name.value : '', profile: profile.id, digest: r.value.digest });
        }
      }
      ctx.io.stdout.write(argv.format === 'json'
        ? `${JSON.stringify({ schemaVersion: '1.0.0', input: snapshotShape(input.root) ?? null, ...(snapshot.incomplete ? { incomplete: true } : {}), digests: rows }, null, 2)}\n`
        : renderDigestTable(rows, listingWidth(ctx.io.stdout.isTTY, ctx.io.stdout.columns)));
    },
  };
}

const DIGEST_COLUMNS: readonly Column[] = [{ header: 'Subject', min: 12 }, { header: 'Profile', min: 7 }, { header: 'Digest', min: 20 }];

function renderDigestTable(rows: readonly DigestRow[], width: number): string {
  return `${renderTable(DIGEST_COLUMNS, rows.map((r) => [r.subject, r.profile, r.digest].map(escapeText)), width, { compact: true })}\n`;
}
