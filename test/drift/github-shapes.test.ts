/**
 * github/github-mcp-server@64a49f34:pkg/github/__toolsnaps__/*.snap (MIT): one minimal synthetic
 * pair per listed commit, reproducing the *shape* of the change (not the vendored snapshot), with
 * the kinds the differ expects. Commits are cited so each can be checked upstream.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import type { JsonObject } from '../../src/drift/types.js';
import { kinds, snap } from './helpers.js';

const t = (name: string, props: JsonObject, extra: JsonObject = {}, schemaExtra: JsonObject = {}): JsonObject =>
  ({ name, description: `${name} tool`, annotations: { title: name, readOnlyHint: false }, inputSchema: { type: 'object', properties: props, ...schemaExtra }, ...extra });
const str = (description?: string, extra: JsonObject = {}): JsonObject => ({ type: 'string', ...(description !== undefined ? { description } : {}), ...extra });

interface Case {
  readonly commit: string;
  readonly before: readonly JsonObject[];
  readonly after: readonly JsonObject[];
  readonly kinds: readonly string[];
  readonly decision: 'auto-accept' | 'hold';
}

const CASES: readonly Case[] = [
  { commit: 'f631ff55 list_commits +author', before: [t('list_commits', { repo: str() })], after: [t('list_commits', { repo: str(), author: str() })],
    kinds: ['param-added-optional'], decision: 'auto-accept' },
  { commit: '08a49b0f get_issue_comments per_page → perPage', before: [t('get_issue_comments', { per_page: { type: 'number', description: 'Number per page' }, page: { type: 'number' } })],
    after: [t('get_issue_comments', { perPage: { type: 'number', description: 'Results per page (1-100)', minimum: 1, maximum: 100 }, page: { type: 'number', minimum: 1 } })],
    kinds: ['constraint-tightened', 'constraint-tightened', 'constraint-tightened', 'param-description-changed', 'param-renamed-style-only'], decision: 'hold' },
  { commit: '8aa3379f list_issues enums and pagination', before: [t('list_issues', { direction: { enum: ['asc', 'desc'] }, state: { enum: ['open', 'closed', 'all'] }, page: { type: 'number' }, sort: str() })],
    after: [t('list_issues', { direction: { enum: ['ASC', 'DESC'] }, state: { enum: ['OPEN', 'CLOSED'] }, after: str(), orderBy: str() }, { description: 'List issues (GraphQL)' })],
    kinds: ['description-text-changed', 'enum-value-case-changed', 'enum-value-case-changed', 'enum-value-case-changed', 'enum-value-case-changed', 'enum-value-removed',
      'param-added-optional', 'param-added-optional', 'param-removed', 'param-removed'], decision: 'hold' },
  { commit: '60aef5d2 dismiss_notification state made required', before: [t('dismiss_notification', { state: str() })],
    after: [t('dismiss_notification', { state: str() }, {}, { required: ['state'] })], kinds: ['param-made-required'], decision: 'hold' },
  { commit: '60aef5d2 issue_read method description trailing spaces', before: [t('issue_read', { method: str('single issue. \nOptions are: \n1. get') })],
    after: [t('issue_read', { method: str('single issue.\nOptions are:\n1. get') })], kinds: ['param-description-whitespace-only'], decision: 'hold' },
  { commit: '6b3c3754 icons added', before: [t('get_me', {})], after: [t('get_me', {}, { icons: [{ src: 'data:image/png;base64,AA', sizes: ['16x16'] }] })],
    kinds: ['icons-changed'], decision: 'hold' },
  { commit: '6c0bbb85 delete_project_item destructiveHint absent → true', before: [t('delete_project_item', {})],
    after: [t('delete_project_item', {}, { annotations: { title: 'delete_project_item', readOnlyHint: false, destructiveHint: true } })], kinds: [], decision: 'auto-accept' },
  { commit: 'e83440db _meta.ui.resourceUri', before: [t('get_me', {})], after: [t('get_me', {}, { _meta: { ui: { resourceUri: 'ui://github-mcp-server/get-me' } } })],
    kinds: ['meta-changed'], decision: 'hold' },
  { commit: '62266f80 create_issue destructive false + title', before: [t('create_issue', {}, { annotations: { title: 'Open new issue' } })],
    after: [t('create_issue', {}, { annotations: { title: 'Create Issue', destructiveHint: false } })], kinds: ['annotation-destructive-removed', 'annotation-title-changed'], decision: 'hold' },
  { commit: 'f39f758d annotation title loses its period', before: [t('a', {}, { annotations: { title: 'Get a thing.' } })], after: [t('a', {}, { annotations: { title: 'Get a thing' } })],
    kinds: ['annotation-title-changed'], decision: 'hold' },
  { commit: 'b879ca26 create_repository private default:true', before: [t('create_repository', { private: { type: 'boolean', description: 'Whether repo should be private' } })],
    after: [t('create_repository', { private: { type: 'boolean', description: 'Whether repo should be private (default: true)', default: true } })],
    kinds: ['default-added', 'param-description-changed'], decision: 'hold' },
  { commit: '8cd03c01 add_issue_comment body optional, +reaction', before: [t('add_issue_comment', { body: str('Comment content'), commentId: { type: 'number', minimum: 0 } }, {}, { required: ['body'] })],
    after: [t('add_issue_comment', { body: str('Comment content. Required unless reaction is provided.'), commentId: { type: 'number', minimum: 1 }, reaction: str() })],
    kinds: ['constraint-tightened', 'param-added-optional', 'param-description-changed', 'param-made-optional'], decision: 'hold' },
  { commit: '225c47cd go-sdk states defaults explicitly (113 tools, no behavioural change)', before: [t('a', {}, { annotations: { title: 'a' } }), t('b', {}, { annotations: { title: 'b', readOnlyHint: true } })],
    after: [t('a', {}, { annotations: { title: 'a', readOnlyHint: false, idempotentHint: false } }), t('b', {}, { annotations: { title: 'b', readOnlyHint: true } })], kinds: [], decision: 'auto-accept' },
  { commit: '9cfe97e2 issue_fields[].delete enum:[true] removed', before: [t('issue_write', { issue_fields: { type: 'array', items: { type: 'object', properties: { delete: { type: 'boolean', enum: [true] } } } } })],
    after: [t('issue_write', { issue_fields: { type: 'array', items: { type: 'object', properties: { delete: { type: 'boolean' } } } } })], kinds: ['enum-constraint-removed'], decision: 'hold' },
  { commit: 'bb3a1b2a +allow_symlink_write and path description changed', before: [t('create_or_update_file', { path: str('Path') })],
    after: [t('create_or_update_file', { path: str('Path where to create/update the file'), allow_symlink_write: { type: 'boolean', default: false } })],
    kinds: ['param-added-optional', 'param-description-changed'], decision: 'hold' },
  // Auto-accepted by the seed's rule; guard G-T5 holds a new tool that declares itself destructive.
  { commit: '8ec62491 delete_repository added with destructiveHint:true', before: [t('get_me', {})],
    after: [t('get_me', {}), t('delete_repository', { repo: str() }, { annotations: { title: 'Delete repository', destructiveHint: true } })], kinds: ['tool-added-destructive'], decision: 'hold' },
  { commit: 'd8a1627b manage_notification_subscription destructiveHint absent → true', before: [t('manage_notification_subscription', {})],
    after: [t('manage_notification_subscription', {}, { annotations: { title: 'manage_notification_subscription', destructiveHint: true } })], kinds: [], decision: 'auto-accept' },
  { commit: '3ba8d4a1 issue tools consolidated into issue_write.method', before: [t('get_issue', {}), t('issue_write', { method: { type: 'string', enum: ['create'] } })],
    after: [t('issue_write', { method: { type: 'string', enum: ['create', 'update'] } })], kinds: ['enum-value-added', 'tool-removed'], decision: 'hold' },
];

describe('github-mcp-server toolsnaps change shapes (§13.1)', () => {
  for (const c of CASES) {
    it(`${c.commit} → ${c.kinds.length === 0 ? 'no delta' : [...new Set(c.kinds)].join(', ')} (${c.decision})`, () => {
      const r = classify(snap(...c.before), snap(...c.after));
      assert.deepEqual(kinds(r), [...c.kinds].sort());
      assert.equal(r.decision, c.decision);
    });
  }
});
