import type { HostSettings } from '../../scenario.js';
import type { JsonObject } from '../../util/json.js';

/**
 * How a `codex exec` session answers a call that asks to leave the sandbox (`sandbox_permissions:
 * "require_escalated"` in exec_command's arguments):
 * - `never`: the harness's default launch (`--dangerously-bypass-approvals-and-sandbox`): the approval policy is
 *   never, so such a call is refused outright and no PermissionRequest fires;
 * - `reviewed`: `--approve-for-me` (workspace-write sandbox, approvals on request, routed to Codex's automatic
 *   reviewer): PermissionRequest hooks decide first; when none does, the reviewer (a model request) does.
 */
export type CodexApprovalMode = 'never' | 'reviewed';

export const approvalModeOf = (host: HostSettings): CodexApprovalMode => (host.args?.includes('--approve-for-me') ? 'reviewed' : 'never');

/** Command-line arguments of `codex exec` the dialect models; the rest it cannot say what they do. */
export const MODELLED_ARGS = new Set(['--approve-for-me']);

/** The exec_command arguments besides the command that the model may send (its tool's JSON schema). */
export const EXEC_ARGS = new Set(['sandbox_permissions', 'justification', 'workdir', 'yield_time_ms', 'max_output_tokens', 'tty', 'shell', 'login', 'prefix_rule']);

/** A shell call that asks to run outside the sandbox, and the justification it gives. */
export function escalationOf(input: JsonObject): { justification: string | null } | null {
  if (input.sandbox_permissions !== 'require_escalated') return null;
  return { justification: typeof input.justification === 'string' ? input.justification : null };
}

/**
 * What hooks see of a call's input: Codex reports exec_command as Bash with the command alone (recorded:
 * E5 of shared/hosts/codex/NOTES-semantics.md, and every escalated call of the approve-* cases).
 */
export function toolInputOf(tool: string, input: JsonObject): JsonObject {
  if (tool !== 'Bash') return input;
  return 'command' in input ? { command: input.command! } : {};
}

/**
 * The automatic reviewer's rationale when it refuses: hookplay's own words, since in a real run hookplay's mock
 * plays the reviewer (an approval step "deny", or no approval step at all).
 */
export const REVIEWER_RATIONALE = {
  deny: 'hookplay: the approval step denies this call',
  unanswered: 'hookplay: the scenario has no approval step for this call',
} as const;

/** The reason Codex gives the model when its reviewer refuses a call (recorded: approve-review-deny). */
export function reviewerDenial(answer: 'allow' | 'deny' | null, rationales: { deny: string; unanswered: string } = REVIEWER_RATIONALE): string {
  const rationale = answer === 'deny' ? rationales.deny : rationales.unanswered;
  return `This action was rejected due to unacceptable risk.\nReason: ${rationale}\nThe agent must not attempt to achieve the same outcome via workaround, indirect execution, or policy circumvention. Proceed only with a materially safer alternative, or if the user explicitly approves the action after being informed of the risk. Otherwise, stop and request user input.`;
}
