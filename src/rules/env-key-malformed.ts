import { defineRule } from './types.js';

export const envKeyMalformed = defineRule({
  id: 'env-key-malformed',
  severity: 'high',
  grade: 'unverifiable',
  claim: 'environment',
  since: '0.2.0',
  identity: ['name'],
  title: 'Entry env has a variable name no process can hold as written',
  message: '{{server}} sets an env variable named {{name}} ({{why}}), so which variable {{proxy}} really receives cannot be told from the config',
  docs: {
    meaning: "An env key contains '=', a NUL byte, whitespace or is empty. Node's child_process writes each pair as `NAME=value`, so a key `PYTHONPATH=/tmp/x` reaches the child as the variable PYTHONPATH; other hosts reject, truncate or pass such keys their own way.",
    whyItMatters: 'The variable the proxy really gets is not the one the key names, so every check keyed on variable names (PYTHONPATH, MCPINDEX_STATE_DIR …) can be bypassed.',
    howToFix: 'Use plain variable names (letters, digits, underscore) and put the value in the value.',
    example: '"env": { "PYTHONPATH=/tmp/evil": "" }',
  },
});
