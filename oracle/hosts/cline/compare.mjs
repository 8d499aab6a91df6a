// What defines a Cline oracle case, for its fixture's hash: a fixture recorded for an older definition is noticed.
import { createHash } from 'node:crypto';

export function caseHash(c) {
  const { id, files, modes, tool, calls, env, args, git } = c;
  return createHash('sha256')
    .update(JSON.stringify({ id, files, modes: modes ?? {}, tool: tool === undefined ? 'default' : tool, calls: calls ?? null, env: env ?? {}, args: args ?? [], git: git === true }))
    .digest('hex')
    .slice(0, 16);
}
