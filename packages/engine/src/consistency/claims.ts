/**
 * What an explanation may claim, and which claims cannot both hold in one outcome. The consistency checker
 * (check.ts) finds these claims in every statement of an outcome (diagnostics, "why" lines, a session's end) and
 * reports each contradicting pair it finds together. A new rule whose wording could clash with another adds its
 * claim and the pair here, beside the others.
 */

export interface Claim {
  id: string;
  /** What the claim says, for the checker's report. */
  says: string;
  /** Matches a statement that makes the claim. */
  pattern: RegExp;
}

export const CLAIMS: readonly Claim[] = [
  {
    id: 'stop-uncapped',
    says: 'the build has no cap on Stop blocks: the turn goes on forever',
    pattern: /has no cap on Stop blocks|loops forever \(no cap\)|keeps the turn going forever/,
  },
  {
    id: 'host-caps-stop',
    says: 'Claude Code itself overrides a Stop hook that keeps blocking and ends the turn',
    pattern: /Claude Code (ended the turn anyway|overrides (a )?Stop hooks? that blocks?)|blocked the turn from ending \d+ consecutive times/,
  },
  {
    id: 'hook-allow-beats-rules',
    says: "a hook's allow runs the call whatever the permission rules say",
    pattern:
      /the tool runs even if the permission rules would not allow it|a hook's allow beats every permission rule|a PreToolUse allow runs the call whatever the deny and ask rules say|plan mode asks like the default mode; a hook's allow runs the call/,
  },
  {
    id: 'rules-beat-hook-allow',
    says: "deny and ask rules beat a hook's allow",
    pattern: /deny and ask rules beat a (hook|PreToolUse) allow|(ask|deny) rule .* matches: .*although a PreToolUse hook allowed/,
  },
  { id: 'project-allow-needs-trust', says: 'project allow rules need a trusted workspace', pattern: /project allow rules need a trusted workspace/ },
  { id: 'project-allow-counts', says: 'project allow rules count', pattern: /project allow rules count/ },
  { id: 'plan-needs-check', says: 'plan mode needs the server-side check', pattern: /plan (and auto )?(mode )?needs? the server-side check/ },
  { id: 'plan-asks', says: 'plan mode asks like the default mode', pattern: /plan mode asks(?! only)/ },
  { id: 'bypass-beats-ask', says: 'bypassPermissions beats ask rules', pattern: /bypassPermissions beats ask rules/ },
  { id: 'ask-beats-bypass', says: 'an ask rule beats bypassPermissions', pattern: /ask rules? beats? (--allowedTools and )?bypassPermissions|asks the user, even in bypassPermissions mode/ },
];

/** Pairs of claims that cannot both hold for one outcome, with why. */
export const CONTRADICTIONS: readonly [string, string, string][] = [
  ['stop-uncapped', 'host-caps-stop', 'a build without a Stop cap cannot also be the one ending the loop: a stop there is hookplay\'s own limit'],
  ['hook-allow-beats-rules', 'rules-beat-hook-allow', 'either the hook\'s allow or the deny/ask rule decides the call, not both'],
  ['project-allow-needs-trust', 'project-allow-counts', 'project allow rules either count or need trust'],
  ['plan-needs-check', 'plan-asks', 'plan mode either asks or needs the server-side check'],
  ['bypass-beats-ask', 'ask-beats-bypass', 'either bypassPermissions or the ask rule wins'],
];
