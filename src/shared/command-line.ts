/**
 * Commands mcp-audit suggests (`mcp-audit wrap NAME …`, `mcp-audit scan --list …`) carry the
 * options of the run that suggests them, so that running one acts on what this run audited (the
 * same --root tree, account, projects and layout), spelled as a POSIX shell reads them back.
 */

/** `word` as one shell word: bare when it holds only safe characters, else single-quoted. */
export function shellWord(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./~-]+$/.test(word) && !word.startsWith('~')) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The discovery options, as given to the run (DiscoverOptions' shape), as command-line words. */
export function discoveryWords(o: {
  readonly root?: string | undefined; readonly user?: string | undefined; readonly projects?: readonly string[] | undefined;
  readonly projectScan?: boolean | undefined; readonly platform?: string | undefined;
}): string[] {
  const words: string[] = [];
  if (o.root !== undefined) words.push('--root', shellWord(o.root));
  if (o.user !== undefined) words.push('--user', shellWord(o.user));
  for (const p of o.projects ?? []) words.push('--project', shellWord(p));
  if (o.projectScan === false) words.push('--no-project-scan');
  if (o.platform !== undefined) words.push('--platform', shellWord(o.platform));
  return words;
}
