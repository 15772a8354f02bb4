/**
 * ToolHive (`thv`): containers behind a localhost proxy (stacklok/toolhive@e25de16:cmd/thv/app/run_flags.go). Its URLs
 * (`http://127.0.0.1:<port>/…`) carry no mark of their own, so only a `thv` command is recognised.
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { bareNameAt, findFrame, mediated } from './args.js';
import type { Mediator, Recognition } from './types.js';

const REASON = 'ToolHive filters and can override tool names and descriptions, but does not pin tool schemas';

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'thv');
  if (found === undefined) return undefined;
  return mediated('toolhive', entry, 'go',
    REASON,
    { bareName: bareNameAt(chain, found.index) });
}

export const toolhive: Mediator = {
  id: 'toolhive',
  version: 1,
  pins: false,
  reason: REASON,
  packages: { npm: [], pypi: [], go: ['github.com/stacklok/toolhive'] },
  programs: [],
  advisories: { reviewed: '2026-10-01', sources: [], list: [] },
  recognize,
};
