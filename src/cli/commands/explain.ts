import type { Argv, CommandModule } from 'yargs';
import { layoutWidth, MIN_WIDTH, wrapText } from '../../report/layout.js';
import { RULES } from '../../rules/index.js';
import type { RuleMeta } from '../../rules/types.js';
import { UsageError } from '../../shared/errors.js';
import { append, largest } from '../../shared/lists.js';
import type { CommandContext } from '../io.js';

interface ExplainArgs {
  readonly rule: string | undefined;
  readonly list: boolean;
}


const GRADE_EFFECT: Readonly<Record<RuleMeta['grade'], string>> = {
  unverifiable: 'unverifiable (the entry cannot be confirmed as enforcing)',
  unprotected: 'unprotected (nothing enforces pins for the entry)',
  none: 'none (reported; the grade is unchanged)',
};

/** One line of an example, indented; a line wider than the terminal continues on the next, cut at a space when it can be. */
function codeLines(line: string, width: number): string[] {
  const room = Math.max(20, width - 2);
  const out: string[] = [];
  let rest = line;
  while ([...rest].length > room) {
    const space = rest.lastIndexOf(' ', room);
    const cut = space > room / 2 ? space : room;
    out.push(`  ${rest.slice(0, cut)}`);
    rest = `  ${rest.slice(cut).trimStart()}`;
  }
  out.push(`  ${rest}`);
  return out;
}

/** The full documentation of one rule, as `mcp-audit explain <id>` prints it. */
export function formatRule(rule: RuleMeta, width = MIN_WIDTH): string {
  const section = (title: string, text: string): string[] => [title, ...wrapText(text, width, '  ')];
  const lines = [
    `${rule.id}: ${rule.title}`,
    '',
    `Severity:      ${rule.severity}`,
    `Grade effect:  ${GRADE_EFFECT[rule.grade]}`,
    `Since:         ${rule.since}`,
  ];
  if (rule.deprecated !== undefined) {
    const by = rule.deprecated.replacedBy === undefined ? '' : `, replaced by ${rule.deprecated.replacedBy}`;
    lines.push(`Deprecated:    since ${rule.deprecated.since}${by}`);
  }
  const body = [
    '',
    ...section('What it means', rule.docs.meaning),
    '',
    ...section('Why it matters', rule.docs.whyItMatters),
    '',
    ...section('How to fix', rule.docs.howToFix),
    '',
    'Example',
    ...rule.docs.example.split('\n').flatMap((l) => codeLines(l, width)),
  ];
  return `${append(lines, body).join('\n')}\n`;
}

/** Every rule id with its severity and title, one per line, in catalogue order. */
export function formatRuleList(rules: readonly RuleMeta[]): string {
  const width = largest(rules.map((r) => r.id.length), 0);
  return rules.map((r) => `${r.id.padEnd(width)}  ${r.severity.padEnd(8)}  ${r.title}`).join('\n') + '\n';
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((row[j - 1] ?? 0) + 1, (prev[j] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** Up to three ids close to `id`: a small edit distance, or one contains the other. */
export function suggestRules(id: string, rules: readonly RuleMeta[]): string[] {
  const wanted = id.toLowerCase();
  return rules
    .map((r) => ({ id: r.id, d: r.id.includes(wanted) || wanted.includes(r.id) ? 0 : distance(wanted, r.id) }))
    .filter((c) => c.d <= Math.max(2, Math.floor(wanted.length / 4)))
    .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, 3)
    .map((c) => c.id);
}

/** `mcp-audit explain <rule-id>` / `--list`: the rule documentation, also embedded in SARIF help. */
export function explainCommand(ctx: CommandContext, rules: readonly RuleMeta[] = RULES): CommandModule<object, ExplainArgs> {
  return {
    command: 'explain [rule]',
    describe: 'Explain a finding: what it means, why it matters, how to fix it',
    builder: (y: Argv): Argv<ExplainArgs> =>
      y.positional('rule', { type: 'string', describe: 'a rule id, as shown in reports (e.g. pin-store-planted)' })
        .option('list', { type: 'boolean', default: false, describe: 'list every rule id with its severity and title' })
        .example('$0 explain pin-store-planted', 'the documentation of one rule')
        .example('$0 explain --list', 'every rule id'),
    handler: (argv) => {
      if (argv.list) {
        ctx.io.stdout.write(formatRuleList(rules));
        return;
      }
      if (argv.rule === undefined || argv.rule === '') throw new UsageError('explain: name a rule id, or use --list');
      const rule = rules.find((r) => r.id === argv.rule);
      if (rule === undefined) {
        const close = suggestRules(argv.rule, rules);
        const hint = close.length > 0 ? ` Did you mean ${close.join(', ')}?` : '';
        throw new UsageError(`explain: unknown rule "${argv.rule}".${hint} See 'mcp-audit explain --list'.`);
      }
      ctx.io.stdout.write(formatRule(rule, ctx.io.stdout.isTTY === true ? layoutWidth(ctx.io.stdout.columns) : MIN_WIDTH));
    },
  };
}
