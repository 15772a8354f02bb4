// A Stryker ignorer: literal citations and prose in the proxy modules' and the grader's data
// (`source: 'owner/repo@commit:path'`, `note`, `what`, `summary`, `reviewed`) are shown to people
// and never compared by the grader, so mutating them measures nothing but the report's wording.
// They are reported as "Ignored" with this reason; everything else is mutated.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const DOC_KEYS = new Set(['source', 'sources', 'note', 'what', 'summary', 'reviewed']);

function keyName(node) {
  if (node.computed) return undefined;
  if (node.key.type === 'Identifier') return node.key.name;
  if (node.key.type === 'StringLiteral') return node.key.value;
  return undefined;
}

// A template counts too: citations are built from a constant (`${SDK} src/gate.ts`).
const literal = (v) => v.type === 'StringLiteral' || v.type === 'TemplateLiteral'
  || (v.type === 'ArrayExpression' && v.elements.every((e) => e !== null && literal(e)));

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'doc-strings', {
  shouldIgnore(path) {
    if (!path.isObjectProperty()) return undefined;
    const name = keyName(path.node);
    if (name === undefined || !DOC_KEYS.has(name) || !literal(path.node.value)) return undefined;
    return `a literal ${name}: cited or shown, never graded`;
  },
})];
