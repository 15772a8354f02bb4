import { defineRule } from './types.js';

export const configTooDeep = defineRule({
  id: 'config-too-deep',
  severity: 'high',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: 'Config file is nested too deeply',
  message: '{{host}} {{scope}} config {{path}} nests deeper than {{limit}} levels and was not read',
  docs: {
    meaning: 'The file nests arrays or objects more deeply than any real configuration does; it was refused before parsing.',
    whyItMatters: 'Deep nesting is a denial-of-service shape that crashes recursive parsers. Entries in the file are not audited.',
    howToFix: 'Inspect the file: a real host config nests a handful of levels. Remove the generated content.',
    example: '[[[[[[ … 200,000 levels … ]]]]]]',
  },
});
