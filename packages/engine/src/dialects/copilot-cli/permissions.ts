import type { HostSettings } from '../../scenario.js';

/**
 * Copilot CLI's permission flags, as `copilot -p` applies them to a tool call no hook decided (recorded:
 * permission-flags-*, perm-merge-*-no-flags): a `--deny-tool` rule that matches denies; `--allow-all` (`--yolo`,
 * `--allow-all-tools`, COPILOT_ALLOW_ALL) or an `--allow-tool` rule that matches runs it; a read-only command needs
 * no permission; anything else is denied, since prompt mode has no one to ask.
 */
export interface PermissionFlags {
  allowAll: boolean;
  allow: string[];
  deny: string[];
  /** Arguments hookplay does not model (said so in a diagnostic). */
  unmodelled: string[];
}

/** The harness's launch when a scenario gives no host.args: `copilot -p … --allow-all`. */
export const DEFAULT_ARGS = ['--allow-all'];
const ALLOW_ALL = new Set('--allow-all --yolo --allow-all-tools'.split(' '));
/** Flags about paths and URLs, which no shell command here needs: accepted without effect on tool permission. */
const NEUTRAL = new Set('--allow-all-paths --allow-all-urls --disallow-temp-dir --no-ask-user'.split(' '));
const TRUTHY = new Set('true 1 yes on y'.split(' '));

export function permissionFlags(host: HostSettings): PermissionFlags {
  const args = host.args ?? DEFAULT_ARGS;
  const flags: PermissionFlags = { allowAll: TRUTHY.has((host.env?.COPILOT_ALLOW_ALL ?? '').trim().toLowerCase()), allow: [], deny: [], unmodelled: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (ALLOW_ALL.has(a)) flags.allowAll = true;
    else if ((a === '--allow-tool' || a === '--deny-tool') && args[i + 1] !== undefined) (a === '--allow-tool' ? flags.allow : flags.deny).push(args[++i]!);
    else if (a.startsWith('--allow-tool=') || a.startsWith('--deny-tool=')) (a.startsWith('--allow') ? flags.allow : flags.deny).push(a.slice(a.indexOf('=') + 1));
    else if (!NEUTRAL.has(a)) flags.unmodelled.push(a);
  }
  return flags;
}

/** The simple commands of a shell line (split on ;, &&, ||, |), each as its words. */
const commandsOf = (line: string) =>
  line
    .split(/;|&&|\|\||\|/)
    .map((c) => c.trim().split(/\s+/).filter(Boolean))
    .filter((w) => w.length);

/**
 * Whether a permission rule covers a call: `shell` all shell commands; `shell(git push)` a command whose first
 * words are exactly those; `shell(git:*)` any command whose stem is git. Non-shell tools: a rule naming the tool.
 */
export function ruleMatches(rule: string, tool: string, command: string | null): boolean {
  const m = /^([^(]+)(?:\((.*)\))?$/.exec(rule.trim());
  if (!m) return false;
  const [, kind, arg] = m;
  if (kind === 'shell') {
    if (tool !== 'bash' || command === null) return false;
    if (arg === undefined || arg === '') return true;
    const prefix = arg.endsWith(':*');
    const want = (prefix ? arg.slice(0, -2) : arg).trim().split(/\s+/);
    return commandsOf(command).some((words) => (prefix ? words[0] === want[0] && want.every((w, k) => words[k] === w) : want.every((w, k) => words[k] === w) && (words.length === want.length || want.length === 1)));
  }
  return kind === tool && (arg === undefined || arg === '');
}

/** Commands Copilot CLI runs without permission (read-only; recorded for echo: permission-flags-*). */
const READ_ONLY = new Set('echo true pwd ls cat'.split(' '));
export const readOnly = (command: string) => commandsOf(command).every((words) => READ_ONLY.has(words[0]!) && !/[<>]/.test(words.join(' ')));

export const NO_USER = 'Permission denied because no interactive user response was available. Retry in an interactive session so the user can approve it, or try an alternative that does not require this permission.';
export const deniedByRules = (rules: string[]) => `Permission to run this tool was denied due to the following rules: ${rules.map((r) => `\`${r}\``).join(', ')}`;

/** What the flags make of a call no hook decided: run it, or the denial the model reads. */
export function byFlags(flags: PermissionFlags, tool: string, command: string | null): { run: true } | { run: false; message: string } {
  const denying = flags.deny.filter((r) => ruleMatches(r, tool, command));
  if (denying.length) return { run: false, message: deniedByRules(denying) };
  if (flags.allowAll || flags.allow.some((r) => ruleMatches(r, tool, command))) return { run: true };
  if (tool === 'bash' && command !== null && readOnly(command)) return { run: true };
  return { run: false, message: NO_USER };
}
