/**
 * Well-known credential shapes (GitHub, Slack, OpenAI/Anthropic-style keys, AWS access key ids,
 * JWTs, bearer tokens). Used to mask text mcp-audit did not write itself — a server's stderr, a
 * launch line — where the exact secret values are not known in advance.
 */
export const TOKEN_SHAPES = /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})\b|\b[Bb]earer\s+[A-Za-z0-9._~+/=-]{8,}/g;

/** `text` with every well-known token shape replaced by `mask` (default `***`). */
export function maskTokenShapes(text: string, mask = '***'): string {
  return text.replace(TOKEN_SHAPES, mask);
}
