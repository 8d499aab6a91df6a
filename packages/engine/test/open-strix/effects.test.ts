import { describe, expect, it } from 'vitest';
import { find, hooksJson, py, run } from './helpers.js';

const files = (event: string, ...edits: string[]) => ({
  'skills/s/hooks.json': hooksJson(...edits.map((edit, i) => ({ name: `h${i + 1}`, command: py(edit), events: [event] }))),
});

describe('open-strix: pre_tool_call', () => {
  const payload = { tool: 'send_message', args: { text: '  hi  ', channel_id: '123' }, channel_id: '123', current_event: 'discord_message' };

  it('gives the tool the final args and reports them as updatedInput', async () => {
    const { outcome } = await run(files('pre_tool_call', 'e["args"]["text"] = e["args"]["text"].strip()'), 'pre_tool_call', payload);
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.updatedInput).toEqual({ text: 'hi', channel_id: '123' });
    expect(find(outcome.diagnostics, 'rule.args-rewritten')).toMatchObject({ hook: 0 });
    expect(find(outcome.diagnostics, 'rule.args-rewritten').message).toMatch(/set text to "hi"/);
  });

  it('keeps the original args when the final event has none', async () => {
    const { outcome } = await run(files('pre_tool_call', 'del e["args"]'), 'pre_tool_call', payload);
    expect(outcome.updatedInput).toBeNull();
    expect(find(outcome.diagnostics, 'rule.args-kept').message).toMatch(/removed by hook #1 "h1"/);
  });

  it('logs hook_invalid_mutation and keeps the original args when args is not an object', async () => {
    const { outcome } = await run(files('pre_tool_call', 'e["args"] = ["not", "an", "object"]'), 'pre_tool_call', payload);
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.updatedInput).toBeNull();
    expect(find(outcome.diagnostics, 'rule.hook_invalid_mutation')).toMatchObject({ level: 'warning', hook: 0 });
    expect(outcome.eventOut).toMatchObject({ args: ['not', 'an', 'object'] });
  });

  it('says a hook cannot redirect the call to another tool', async () => {
    const { outcome } = await run(files('pre_tool_call', 'e["tool"] = "shell"'), 'pre_tool_call', payload);
    expect(find(outcome.diagnostics, 'rule.tool-unchanged').message).toMatch(/runs the tool it intercepted \(send_message\)/);
  });

  it('blocks on a valid _block: reason, the result shown to the model, a divergence note', async () => {
    const { outcome } = await run(
      files('pre_tool_call', 'e["args"]["text"] = "changed"', 'e["_block"] = {"reason": "shell-leak-prefix", "result": "[hook blocked] inline the file"}', 'e["seen_block"] = True'),
      'pre_tool_call',
      payload,
    );
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'shell-leak-prefix', shown: { model: '[hook blocked] inline the file' }, updatedInput: null });
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['replace', 'block', 'replace']);
    expect(find(outcome.diagnostics, 'rule.hook_blocked_tool_call')).toMatchObject({ hook: 1 });
    expect(find(outcome.diagnostics, 'divergence.block-unimplemented').message).toMatch(/no released open-strix version implements it/);
    expect(find(outcome.diagnostics, 'rule.args-unused').level).toBe('info');
  });

  it.each([
    ['a missing result', '{"reason": "r"}', /"result" is missing/],
    ['a non-string reason', '{"reason": 1, "result": "x"}', /"reason" is not a string/],
    ['a string', '"stop"', /it is a string, not an object/],
  ])('lets the call proceed on an invalid _block (%s), with hook_invalid_block', async (_what, block, why) => {
    const { outcome } = await run(files('pre_tool_call', `e["_block"] = json.loads(${JSON.stringify(block)})`), 'pre_tool_call', payload);
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.reason).toBeNull();
    expect(outcome.hooks[0]!.effect).toBe('replace');
    const d = find(outcome.diagnostics, 'rule.hook_invalid_block');
    expect(d).toMatchObject({ level: 'warning', hook: 0 });
    expect(d.message).toMatch(why);
    expect(find(outcome.diagnostics, 'divergence.block-unimplemented').level).toBe('info');
  });
});

describe('open-strix: post_tool_call', () => {
  const success = { tool: 'echo', args: { text: 'hello' }, status: 'success', result: 'hello', duration_seconds: 0.01, channel_id: '1', current_event: 'x' };

  it('shows the agent the final result after a successful call', async () => {
    const { outcome } = await run(files('post_tool_call', 'e["result"] = e["result"] + " hooked"'), 'post_tool_call', success);
    expect(outcome).toMatchObject({ verdict: 'proceed', shown: { model: 'hello hooked' }, updatedInput: null });
    expect(find(outcome.diagnostics, 'rule.result-replaced')).toMatchObject({ hook: 0 });
  });

  it('shows a non-string result as JSON', async () => {
    const { outcome } = await run(files('post_tool_call', 'e["result"] = {"n": 1}'), 'post_tool_call', success);
    expect(outcome.shown).toEqual({ model: '{"n":1}' });
  });

  it('cannot suppress an error: the hooks only observe', async () => {
    const error = { tool: 'fetch_url', args: { url: 'https://example.invalid' }, status: 'error', error: 'network failed', error_class: 'RuntimeError' };
    const { outcome } = await run(files('post_tool_call', 'e["status"] = "success"; e["result"] = "all good"'), 'post_tool_call', error);
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.shown).toBeUndefined();
    expect(find(outcome.diagnostics, 'rule.post-error-observational').message).toMatch(/RuntimeError.*re-raises the original error/);
    expect(find(outcome.diagnostics, 'rule.post-field-ignored')).toMatchObject({ hook: 0 });
    expect(find(outcome.diagnostics, 'rule.post-result-ignored')).toMatchObject({ hook: 0 });
  });
});

describe('open-strix: pre_prompt', () => {
  const payload = { prompt: 'Current event: hi', source_event_type: 'discord_message', channel_id: '123', author: 'alice' };

  it('replaces the prompt, then appends append_prompt after a blank line', async () => {
    const { outcome } = await run(files('pre_prompt', 'e["prompt"] = e["prompt"].upper()', 'e["append_prompt"] = "Relevant memory: x"'), 'pre_prompt', payload);
    expect(outcome.shown).toEqual({ model: 'CURRENT EVENT: HI\n\nRelevant memory: x' });
    expect(find(outcome.diagnostics, 'rule.prompt-replaced')).toMatchObject({ hook: 0 });
    expect(find(outcome.diagnostics, 'rule.append-prompt')).toMatchObject({ hook: 1 });
  });

  it('keeps the prompt when a hook makes it a non-string (hook_invalid_mutation)', async () => {
    const { outcome } = await run(files('pre_prompt', 'e["prompt"] = 42'), 'pre_prompt', payload);
    expect(outcome.shown).toEqual({ model: 'Current event: hi' });
    expect(find(outcome.diagnostics, 'rule.hook_invalid_mutation')).toMatchObject({ level: 'warning', hook: 0 });
  });

  it('appends nothing for an empty or non-string append_prompt', async () => {
    const { outcome } = await run(files('pre_prompt', 'e["append_prompt"] = ""'), 'pre_prompt', payload);
    expect(outcome.shown).toEqual({ model: 'Current event: hi' });
    expect(find(outcome.diagnostics, 'rule.append-prompt-ignored')).toMatchObject({ hook: 0 });
  });
});

describe('open-strix: lifecycle events', () => {
  it.each(['pre_startup', 'post_startup', 'pre_shutdown', 'post_shutdown'])('ignores what %s hooks return, but still chains and reports the event', async (event) => {
    const { outcome, stdin } = await run(files(event, 'e["ready"] = True', 'e["_block"] = {"reason": "r", "result": "x"}'), event, { home: '/home/bot/agent' });
    expect(outcome.verdict).toBe('proceed');
    expect(outcome.reason).toBeNull();
    expect(JSON.parse(stdin.get(1)!).ready).toBe(true);
    expect(outcome.eventOut).toMatchObject({ type: event, home: '/home/bot/agent', ready: true });
    expect(find(outcome.diagnostics, 'rule.lifecycle-ignored').message).toMatch(new RegExp(`ignores what ${event} hooks return`));
    expect(find(outcome.diagnostics, 'rule.block-ignored')).toMatchObject({ hook: 1 });
    // A _block outside pre_tool_call is just a field: the hook replaced the event, it did not block.
    expect(outcome.hooks.map((h) => h.effect)).toEqual(['replace', 'replace']);
  });
});
