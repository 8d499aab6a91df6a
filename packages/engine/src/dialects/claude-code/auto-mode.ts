import type { PermissionQuirks, PermissionRule, PermissionSettings } from './permissions.js';

/**
 * Auto mode's semantics in Claude Code 2.1.332: its server-side safety check judges what the rules leave open, so
 * before that the CLI sets aside the allow rules that would let anything through, and plan mode works the same way
 * unless `useAutoModeDuringPlan` is false. Recorded with the session sweep (oracle/recorded/claude-code/2.1.332,
 * x-auto-*, x-plan-*); older builds have none of it (PermissionQuirks.olderAuto).
 */

/** Whether the session's mode has auto's semantics: auto itself, or plan while useAutoModeDuringPlan holds. */
export function autoSemantics(settings: Pick<PermissionSettings, 'mode' | 'planAuto'>, quirks: Pick<PermissionQuirks, 'olderAuto'>): boolean {
  if (quirks.olderAuto) return false;
  return settings.mode === 'auto' || (settings.mode === 'plan' && settings.planAuto !== false);
}

/**
 * Commands that run arbitrary code, as the CLI's own list names them: a rule allowing any of them with a wildcard is
 * as broad as allowing Bash itself. Recorded for node (x-auto-allow-node-space-*, -node-colon-*; the exact command
 * is kept: x-auto-allow-node-exact-*); the others are the CLI's list, not recorded one by one.
 */
const RUNNERS = ['python', 'python3', 'python2', 'node', 'deno', 'tsx', 'ruby', 'perl', 'php', 'lua', 'npx', 'bunx', 'pnpx', 'npm run', 'yarn run', 'pnpm run', 'bun run', 'npm exec', 'npm x', 'pnpm exec', 'pnpm dlx', 'yarn exec', 'yarn dlx', 'bun exec', 'bun x', 'bash', 'sh', 'ssh', 'zsh', 'fish', 'eval', 'exec', 'env', 'xargs', 'sudo'];

/**
 * An allow rule auto mode sets aside: the bare Bash tool or `Bash(*)` (x-auto-allow-bare-*), or a runner with any
 * arguments (`node`, `node *`, `node:*`, `node*`, `node -…*`); a prefix rule for another command (`touch:*`:
 * x-auto-allow-touch-prefix-*) and an exact command (x-auto-allow-mkdir-exact-*) are kept.
 */
export function isBroadAllowRule(rule: PermissionRule): boolean {
  if (rule.tool !== 'Bash') return false;
  const content = rule.content?.trim();
  if (content === undefined || content === '' || content === '*') return true;
  for (const runner of RUNNERS) {
    if (content === runner || content === `${runner}:*` || content === `${runner} *` || content === `${runner}*`) return true;
    if (content.startsWith(`${runner} -`) && content.endsWith('*')) return true;
  }
  return false;
}
