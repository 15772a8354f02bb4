import { fail, type Result } from '../shared/result.js';
import type { ParseProblem, ParsedDocument } from './document.js';
import { parseYaml } from './yaml.js';

/** The opening fence: `---` alone on the first line (a UTF-8 BOM before it is dropped). */
const OPEN = /^---[ \t]*\r?\n/;
/** The closing fence: the next line holding `---` alone. */
const CLOSE = /^---[ \t]*\r?$/m;

/**
 * The YAML frontmatter of a Markdown file (a Claude Code agent definition): the lines between a
 * first line `---` and the next line `---`, read as YAML; the Markdown body is not configuration.
 * The text handed to the YAML reader is the file up to the closing fence, the opening fence kept
 * (to YAML a document-start marker), so every line:column is the file's own. A file that opens
 * no frontmatter holds nothing (an empty document); one whose frontmatter is never closed is a
 * syntax problem, not silently nothing.
 */
export function parseFrontmatter(text: string): Result<ParsedDocument, ParseProblem> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const open = OPEN.exec(source);
  if (open === null) return parseYaml('');
  const start = open[0].length;
  const close = CLOSE.exec(source.slice(start));
  if (close === null) {
    return fail({ kind: 'syntax', message: 'the frontmatter opened by --- on line 1 has no closing --- line', line: 1, column: 1 });
  }
  return parseYaml(source.slice(0, start + close.index));
}
