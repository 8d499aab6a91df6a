/**
 * Each contradiction issue 23 found by replaying real bug reports, as the scenario that showed it: the consistency
 * checker must find nothing wrong in any of them (it found each one before the fix).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { outcomeProblems, sessionProblems } from '../../src/consistency/check.js';
import { parseScenarioText, type Scenario } from '../../src/scenario.js';
import { runScenario } from '../../src/run.js';
import { playSession } from '../../src/session/play.js';
import { validateScenario } from '../../src/validate.js';
import type { EventScenario, SessionScenario } from '../../src/scenario.js';

const gallery = join(dirname(fileURLToPath(import.meta.url)), '../../../../scenarios');
const fromGallery = (path: string, host: Record<string, unknown> = {}): Scenario => {
  const s = parseScenarioText(readFileSync(join(gallery, path), 'utf8'), path);
  return { ...s, host: { ...s.host, ...host } } as Scenario;
};
const settings = (hooks: Record<string, unknown>, extra: Record<string, unknown> = {}) => JSON.stringify({ hooks, ...extra }, null, 2);
const cmd = (command: string, matcher?: string) => [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command }] }];
const say = (o: unknown) => `echo '${JSON.stringify(o)}'`;
const preAllow = say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'node is fine' } });

async function problemsOf(scenario: Scenario): Promise<string[]> {
  const ctx = { ...(scenario.host?.version !== undefined ? { version: scenario.host.version } : {}) };
  if ('session' in scenario && scenario.session) return sessionProblems((await playSession(scenario as SessionScenario)).outcome, ctx);
  return outcomeProblems(await runScenario(scenario as EventScenario), ctx);
}

const event = (version: string | undefined, files: Record<string, string>, ev: string, payload: Record<string, unknown>, dialect = 'claude-code'): EventScenario =>
  ({ hookplay: 1, dialect, ...(version ? { host: { version } } : {}), files, event: ev, payload }) as EventScenario;
const session = (version: string, files: Record<string, string>, steps: unknown[], host: Record<string, unknown> = {}): SessionScenario =>
  ({ hookplay: 1, dialect: 'claude-code', host: { version, ...host }, files, payload: {}, session: { steps } }) as SessionScenario;

describe('issue 23: explanations never contradict themselves, the verdict or the evidence', () => {
  it.each(['1.0.41', '2.1.47'])('1. a Stop that always blocks on %s (no cap) ends at hookplay\'s own limit, said as hookplay\'s', async (version) => {
    const s = fromGallery('claude-code/session-stop-loop-cap.hookplay.json', { version }) as SessionScenario;
    const played = await playSession({ ...s, session: { steps: s.session.steps.map(({ expect: _e, ...step }) => step) as never } });
    expect(sessionProblems(played.outcome, { version })).toEqual([]);
    expect(played.outcome.ended.reason).toBe('limit');
    expect(played.outcome.ended.message).toMatch(/hookplay/);
    expect(played.outcome.steps.flatMap((st) => st.notices).join('\n')).not.toMatch(/consecutive times/);
  }, 60_000);

  it.each(['2.1.101', '2.1.199'])('2. a version between two listed ones (%s): the notice holds no contradiction and is said once', async (version) => {
    const s = fromGallery('claude-code/session-hook-allow-ask-rule.hookplay.json', { version });
    expect(await problemsOf(s)).toEqual([]);
    expect(await problemsOf(fromGallery('claude-code/block-rm-rf.hookplay.json', { version }))).toEqual([]);
  }, 60_000);

  it.each(['2.1.332', '2.1.220'])('3. a hook allow beside a matching ask rule (%s): the allow is not said to beat the rules', async (version) => {
    expect(await problemsOf(fromGallery('claude-code/session-hook-allow-ask-rule.hookplay.json', { version }))).toEqual([]);
  }, 60_000);

  it.each(['2.1.400', '1.0.30', '2.1'])('4. an unsupported host.version (%s) is an error naming the listed versions and the nearest', (version) => {
    const errors = validateScenario(fromGallery('claude-code/block-rm-rf.hookplay.json', { version })).filter((d) => d.level === 'error');
    expect(errors.map((d) => d.code)).toEqual(['config.unsupported-version']);
    expect(errors[0]!.message).toMatch(/1\.0\.41, 2\.0\.76, 2\.1\.47, 2\.1\.143, 2\.1\.332/);
    expect(errors[0]!.message).toMatch(/nearest/);
  });

  it('5. config notes are labelled as what they are; matcher evidence belongs to the event matched', async () => {
    const files = { '.claude/settings.json': settings({ SessionStart: cmd('echo hi', 'startup'), PreToolUse: cmd('true', 'Bash') }) };
    expect(await problemsOf(event(undefined, files, 'SessionStart', { source: 'startup' }))).toEqual([]);
    expect(await problemsOf(event('2.0.76', files, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }))).toEqual([]);
  });

  it('5. a rewrite beside ask is not "observed" from recordings where the tool never ran', async () => {
    const rewrite = say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', updatedInput: { command: 'echo rewritten' } } });
    const out = await runScenario(event('2.1.332', { '.claude/settings.json': settings({ PreToolUse: cmd(rewrite, 'Bash') }) }, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }));
    expect(outcomeProblems(out, { version: '2.1.332' })).toEqual([]);
    const note = out.diagnostics.find((d) => d.code === 'rule.rewrite-with-ask');
    expect(note?.evidence?.kind).toBe('docs');
  });

  it.each(['2.1.101', '2.1.220'])('6. no "(before Claude Code 2.1.x)" for %s', async (version) => {
    const files = { '.claude/settings.json': settings({ PreToolUse: cmd('true', 'Bash|Edit') }) };
    expect(await problemsOf(event(version, files, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }))).toEqual([]);
  });

  it("8. a Stop's continue: false ends the session halted", async () => {
    const files = { '.claude/settings.json': settings({ Stop: cmd(say({ continue: false, stopReason: 'enough' })) }) };
    const played = await playSession(session('2.1.332', files, [{ prompt: 'go' }, { reply: 'done' }]));
    expect(sessionProblems(played.outcome, { version: '2.1.332' })).toEqual([]);
    expect(played.outcome.ended.reason).toBe('halted');
  });

  it('9. an invalid permissionDecision names the field and the allowed values', async () => {
    const bad = say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } });
    const out = await runScenario(event('2.1.332', { '.claude/settings.json': settings({ PreToolUse: cmd(bad, 'Bash') }) }, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }));
    expect(outcomeProblems(out, { version: '2.1.332' })).toEqual([]);
    expect(out.diagnostics.map((d) => d.message).join('\n')).toMatch(/permissionDecision.*"allow".*"deny".*"ask"/s);
  });

  it.each([
    ['claude-code', 'claude-code/prompt-context.hookplay.json'],
    ['mirri', 'mirri/allow-safe-command.hookplay.json'],
  ])('10. a no-decision outcome on %s says why, hook by hook, with an evidence badge on every line', async (_d, path) => {
    const s = fromGallery(path) as EventScenario;
    const out = await runScenario({ ...s, files: Object.fromEntries(Object.entries(s.files).map(([k, v]) => [k, v])) });
    expect(outcomeProblems(out)).toEqual([]);
  });

  it('10. a hook that matched and said nothing: the no-decision why names it', async () => {
    const out = await runScenario(event('2.1.332', { '.claude/settings.json': settings({ PreToolUse: [...cmd('true', 'Bash'), ...cmd('true', 'Edit')] }) }, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }));
    expect(outcomeProblems(out)).toEqual([]);
    const why = out.diagnostics.find((d) => d.code === 'rule.no-decision')!.message;
    expect(why).toMatch(/hook #1.*exit 0/);
    expect(why).toMatch(/hook #2.*not match/);
  });

  it("11. Copilot's reason is the hook's own; the host's wrapper goes to shown", async () => {
    expect(await problemsOf(fromGallery('copilot-cli/block-dangerous-commands.hookplay.json'))).toEqual([]);
  });
});
