import { describe, expect, it } from 'vitest';
import { codes, hook, hooksFile, repoFile, runCopilot, say, settings, USER } from './helpers.js';

const pre = (...hooks: unknown[]) => ({ [USER]: settings({ preToolUse: hooks }) });

describe('copilot-cli: one hook after another (real processes)', () => {
  it('a deny stops the chain: the second hook never starts', async () => {
    const outcome = await runCopilot('preToolUse', pre(hook(say({ permissionDecision: 'deny', permissionDecisionReason: 'first' })), hook('echo never > ran.txt')));
    expect(outcome.verdict).toBe('block');
    expect(outcome.shown?.model).toBe('Denied by preToolUse hook: first');
    expect(outcome.hooks.map((h) => h.ran)).toEqual([true, false]);
    expect(codes(outcome)).toContain('rule.stopped');
  });

  it('exit 2 denies with the fixed text; exit 1 names the source', async () => {
    const two = await runCopilot('preToolUse', pre(hook('echo why >&2; exit 2')));
    expect(two.shown?.model).toBe('Denied by preToolUse hook: hook exited with code 2');
    const one = await runCopilot('preToolUse', { [repoFile('guard.json')]: hooksFile({ preToolUse: [hook('exit 1')] }) });
    expect(one.shown?.model).toBe('Denied by preToolUse hook from ".github/hooks/guard.json" (hook errored)');
  });

  it('the last modifiedArgs wins; contexts are joined by a blank line', async () => {
    const outcome = await runCopilot(
      'preToolUse',
      pre(hook(say({ modifiedArgs: { command: 'echo one' }, additionalContext: 'A' })), hook(say({ modifiedArgs: { command: 'echo two' }, additionalContext: 'B' }))),
    );
    expect(outcome.updatedInput).toEqual({ command: 'echo two' });
    expect(outcome.shown?.model).toBe('Additional context from preToolUse hook:\nA\n\nB');
  });

  it('a timed-out hook lets the call through (SIGTERM, no answer)', async () => {
    const outcome = await runCopilot('preToolUse', pre(hook(`${say({ permissionDecision: 'deny' })}; sleep 5`, { timeoutSec: 0.5 })));
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.hooks[0]!.timedOut).toBe(true);
  });

  it('runs hooks with bash in the project root with Copilot’s variables', async () => {
    const outcome = await runCopilot('sessionStart', { [USER]: settings({ sessionStart: [hook('printf \'{"additionalContext":"%s|%s|%s"}\' "$0" "$COPILOT_CLI" "$(basename "$COPILOT_PROJECT_DIR")"')] }) }, { source: 'new' });
    expect(outcome.context).toEqual(['/bin/bash|1|project']);
  });

  it('a repository hook in an untrusted folder is listed but skipped', async () => {
    const outcome = await runCopilot('preToolUse', { [repoFile('r.json')]: hooksFile({ preToolUse: [hook(say({ permissionDecision: 'deny' }))] }) }, undefined, { trusted: false });
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.hooks[0]).toMatchObject({ ran: false, matched: false });
    expect(outcome.hooks[0]!.why).toMatch(/not trusted/);
  });

  it('userPromptSubmitted: the last additionalContext wins; a block is a user warning', async () => {
    const ctx = await runCopilot('userPromptSubmitted', { [USER]: settings({ userPromptSubmitted: [hook(say({ additionalContext: 'U1' })), hook(say({ additionalContext: 'U2' }))] }) }, { prompt: 'do it' });
    expect(ctx.context).toEqual(['U2']);
    const blocked = await runCopilot('userPromptSubmitted', { [USER]: settings({ userPromptSubmitted: [hook(say({ decision: 'block', reason: 'no' })), hook('true')] }) }, { prompt: 'do it' });
    expect(blocked.verdict).toBe('block');
    expect(blocked.shown?.user).toBe('no');
    expect(blocked.hooks.map((h) => h.ran)).toEqual([true, true]);
  });

  it('postToolUse decision block replaces the result with "Tool result blocked"', async () => {
    const outcome = await runCopilot('postToolUse', { [USER]: settings({ postToolUse: [hook(say({ decision: 'block', reason: 'hidden' }))] }) });
    expect(outcome.shown?.model).toBe('Tool result blocked: hidden');
  });

  it('updatedInput in a camelCase hook is flagged as a divergence', async () => {
    const outcome = await runCopilot('preToolUse', pre(hook(say({ updatedInput: { command: 'x' } }))));
    expect(outcome.updatedInput).toBeNull();
    expect(codes(outcome)).toContain('divergence.updated-input-ignored');
  });

  it('agentStop: a block needs a reason; exit 2 still reads a block on stdout', async () => {
    const stop = (bash: string) => runCopilot('agentStop', { [USER]: settings({ agentStop: [hook(bash)] }) }, { stopReason: 'end_turn', stop_hook_active: false });
    expect((await stop(say({ decision: 'block' }))).verdict).toBe('proceed');
    const two = await stop(`${say({ decision: 'block', reason: 'again' })}; echo warn >&2; exit 2`);
    expect(two).toMatchObject({ verdict: 'block', reason: 'again', shown: { model: 'again', user: 'warn' } });
  });
});
