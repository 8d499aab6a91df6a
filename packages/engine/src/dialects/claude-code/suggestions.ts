import type { JsonObject } from '../../util/json.js';
import { absolute, fileWrites, pathsOutside, withoutRedirects } from './bash-parts.js';

/**
 * `permission_suggestions` of a PermissionRequest payload: the "always allow" choices Claude Code 2.1.332 would offer
 * for a Bash call that asks (recorded: oracle/recorded/claude-code/2.1.332/x-suggest-*, each captured from the hook's
 * stdin). What asks decides them:
 * - one part that changes a file in the project: the project as a working directory for the session, and acceptEdits
 *   for the session (not for an output redirection) (x-suggest-touch, -mkdir, -redirect);
 * - one part that reads outside the project: a Read rule for the folder it reads, for the session
 *   (x-suggest-read-outside);
 * - anything else: an allow rule in local settings for each part that asks, word for word (x-suggest-node,
 *   -node-args, -compound, -two-nodes, -accept-edits-node).
 * With a host that answers prompts (the SDK's stdio permission tool), a single part that changes or reads a file also
 * gets the allow rule first: the command itself, or a redirected one with its target as a wildcard
 * (x-suggest-answered, -answered-mkdir, -answered-read-outside, -answered-redirect). An ask rule offers nothing: the
 * field is absent (x-suggest-ask-rule, -answered-ask-rule).
 */
export function permissionSuggestions(needs: string[], project: string, prompted: boolean): JsonObject[] {
  const rules = (contents: string[]): JsonObject => ({ type: 'addRules', rules: contents.map((ruleContent) => ({ toolName: 'Bash', ruleContent })), behavior: 'allow', destination: 'localSettings' });
  if (needs.length === 1) {
    const part = needs[0]!;
    const outside = pathsOutside(part, project)[0];
    const write = fileWrites(part)[0];
    if (outside !== undefined) {
      const folder = outside.slice(0, outside.lastIndexOf('/')) || '/';
      const read: JsonObject = { type: 'addRules', rules: [{ toolName: 'Read', ruleContent: `/${folder}/**` }], behavior: 'allow', destination: 'session' };
      return prompted ? [rules([part]), read] : [read];
    }
    if (write && absolute(write.file, project).startsWith(`${project}/`)) {
      const own = write.redirect ? `${withoutRedirects(part)} *` : part;
      const dirs: JsonObject[] = [{ type: 'addDirectories', directories: [project], destination: 'session' }, ...(write.redirect ? [] : [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }])];
      return prompted ? [rules([own]), ...dirs] : dirs;
    }
  }
  return needs.length ? [rules(needs)] : [];
}
