import { defineRule } from './types.js';

export const configTooManyProjects = defineRule({
  id: 'config-too-many-projects',
  severity: 'medium',
  grade: 'unverifiable',
  claim: null,
  since: '0.1.0',
  title: 'Config lists too many projects to scan',
  message: '{{host}} config {{path}} lists {{count}} projects; only the first {{limit}} were scanned for project-scope servers',
  docs: {
    meaning: 'A host file that records project folders (~/.claude.json `projects`, Codex `[projects]`) lists more projects than mcp-audit scans, so the rest were skipped.',
    whyItMatters: 'Project-scope servers (.mcp.json, .cursor/mcp.json, …) in the skipped projects are not audited; a padded list can also be an attempt to exhaust a scanner.',
    howToFix: 'Remove stale projects from the host file, or audit the projects that matter with --project DIR.',
    example: '~/.claude.json with 50,000 entries under "projects"',
  },
});
