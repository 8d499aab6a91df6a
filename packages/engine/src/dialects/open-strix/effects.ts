import type { Diagnostic, Effect } from '../../outcome.js';
import { isObject, preview, type Json, type JsonObject } from '../../util/json.js';
import type { PlannedEntry, Settled, SettleInput } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { blockProblem, validBlock } from './block.js';
import { isStrixChain, type ChainStep } from './chain.js';
import type { StrixEntry } from './config.js';
import { deepEqual, describeChanges } from './diff.js';
import { LIFECYCLE_EVENTS } from './events.js';

/** What the tool result looks like to the agent: strings as they are, anything else as JSON. */
function asText(value: Json | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const show = (value: Json | undefined, max = 60) => preview(JSON.stringify(value ?? null), max);

/** Explains the final event, crediting each point to the hook that last changed the field it is about. */
class Explainer {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly steps: ChainStep[],
    private readonly hooks: PlannedEntry<StrixEntry>[],
  ) {}

  /** The hook that last changed a top-level key, if one did. */
  setter(key: string): number | undefined {
    for (let i = this.steps.length - 1; i >= 0; i--) if (this.steps[i]!.changed.includes(key)) return this.steps[i]!.hook;
    return undefined;
  }

  /** " (set by hook #2 "name")", or "" when the value came with the event. */
  by(key: string, verb = 'set'): string {
    const hook = this.setter(key);
    return hook === undefined ? '' : ` (${verb} by ${ordinal(hook)} "${this.hooks[hook]!.entry.name}")`;
  }

  note(level: Diagnostic['level'], code: string, message: string, key?: string): void {
    const hook = key === undefined ? undefined : this.setter(key);
    this.diagnostics.push(diag(level, code, message, hook === undefined ? {} : { hook }));
  }
}

interface Context {
  start: JsonObject;
  final: JsonObject;
  x: Explainer;
}

function preToolCall({ start, final, x }: Context, base: Settled): Settled {
  const tool = typeof start.tool === 'string' ? start.tool : 'the tool';
  const original: JsonObject = isObject(start.args) ? start.args : {};
  if (!deepEqual(final.tool, start.tool)) {
    x.note('info', 'rule.tool-unchanged', `"tool" is ${show(final.tool, 40)} in the final event${x.by('tool', 'changed')}, but open-strix runs the tool it intercepted (${tool}): a hook cannot redirect a call`, 'tool');
  }

  if ('_block' in final) {
    const unimplemented = () =>
      x.note(
        'info',
        'divergence.block-unimplemented',
        '_block is documented, but no released open-strix version implements it: there, _block is ignored (neither hook_blocked_tool_call nor hook_invalid_block is logged) and the tool runs with the final args. hookplay follows the docs',
      );
    const block = final._block;
    if (validBlock(block)) {
      x.note(
        'info',
        'rule.hook_blocked_tool_call',
        `hook_blocked_tool_call: the final event carries a valid _block${x.by('_block')} with reason ${JSON.stringify(block.reason)}: ${tool} is not invoked, the agent receives _block.result as if the tool had returned it, and post_tool_call hooks see status "blocked" with that result`,
        '_block',
      );
      unimplemented();
      if (isObject(final.args) && !deepEqual(final.args, original)) x.note('info', 'rule.args-unused', 'the changed args do not matter: the call is blocked');
      return { ...base, verdict: 'block', reason: block.reason, shown: { model: block.result } };
    }
    x.note(
      'warning',
      'rule.hook_invalid_block',
      `hook_invalid_block: the final event carries a _block${x.by('_block')}, but ${blockProblem(block)} (both "reason" and "result" must be strings): open-strix logs hook_invalid_block and the call proceeds normally`,
      '_block',
    );
    unimplemented();
  }

  if (!('args' in final)) {
    x.note('info', 'rule.args-kept', `the final event has no "args"${x.by('args', 'removed')}: ${tool} gets its original args`, 'args');
    return base;
  }
  if (!isObject(final.args)) {
    x.note('warning', 'rule.hook_invalid_mutation', `hook_invalid_mutation: 'args' must remain a JSON object, but the final event has ${show(final.args)}${x.by('args')}: ${tool} gets its original args`, 'args');
    return base;
  }
  if (deepEqual(final.args, original)) {
    x.note('info', 'rule.args-unchanged', `${tool} runs with its original args`);
    return base;
  }
  x.note('info', 'rule.args-rewritten', `${tool} runs with the chain's final args${x.by('args', 'last changed')}: ${describeChanges(original, final.args)}`, 'args');
  return { ...base, updatedInput: final.args };
}

function postToolCall({ start, final, x }: Context, base: Settled): Settled {
  // open-strix picked its code path before the hooks ran: the event's own status decides, not the hooks'.
  const status = start.status;
  for (const key of ['status', 'error', 'error_class'] as const) {
    if (key in start && !deepEqual(start[key], final[key])) x.note('info', 'rule.post-field-ignored', `"${key}" changed${x.by(key, 'changed')}, but open-strix never reads it back`, key);
  }
  const withShown = (value: Json | undefined): Settled => {
    const text = asText(value);
    return text === undefined ? base : { ...base, shown: { model: text } };
  };
  if (status === 'error') {
    const cls = typeof start.error_class === 'string' ? start.error_class : 'an error';
    x.note('info', 'rule.post-error-observational', `the tool raised ${cls}: post_tool_call hooks only observe, and open-strix re-raises the original error whatever they return`);
    if (!deepEqual(start.result, final.result)) x.note('info', 'rule.post-result-ignored', `"result" in the final event${x.by('result')} is ignored: there is no successful result to replace`, 'result');
    return base;
  }
  if (status === 'blocked') {
    x.note('info', 'divergence.blocked-status', 'status "blocked" follows a documented _block, which no released open-strix version implements; hookplay follows the docs');
    if (!deepEqual(start.result, final.result)) {
      x.note('info', 'rule.post-result-ignored', `"result" changed${x.by('result', 'changed')}, but the docs let post_tool_call replace only a successful result: the agent keeps the _block result`, 'result');
    }
    return withShown(start.result);
  }
  if (status !== 'success') {
    x.note('warning', 'rule.unknown-status', `status ${show(status, 40)} is not one open-strix sends ("success" or "error"); hookplay treats the call as successful`);
  }
  if (!('result' in final)) {
    x.note('info', 'rule.result-kept', `the final event has no "result"${x.by('result', 'removed')}: the agent gets the tool's own result`, 'result');
    return withShown(start.result);
  }
  if (deepEqual(final.result, start.result)) x.note('info', 'rule.result-unchanged', "the agent gets the tool's own result");
  else x.note('info', 'rule.result-replaced', `the agent gets the final event's result instead of the tool's${x.by('result')}: ${show(final.result, 80)}`, 'result');
  return withShown(final.result);
}

function prePrompt({ start, final, x }: Context, base: Settled): Settled {
  let prompt = typeof start.prompt === 'string' ? start.prompt : '';
  const next = 'prompt' in final ? final.prompt : prompt;
  if (typeof next !== 'string') {
    x.note('warning', 'rule.hook_invalid_mutation', `hook_invalid_mutation: 'prompt' must remain a string, but the final event has ${show(next)}${x.by('prompt')}: the original prompt is kept`, 'prompt');
  } else if (next !== prompt) {
    x.note('info', 'rule.prompt-replaced', `the prompt is replaced by the final event's prompt${x.by('prompt')}`, 'prompt');
    prompt = next;
  }
  const append = final.append_prompt;
  if (typeof append === 'string' && append) {
    prompt = `${prompt}\n\n${append}`;
    x.note('info', 'rule.append-prompt', `append_prompt${x.by('append_prompt')} is added after a blank line: ${preview(append, 80)}`, 'append_prompt');
  } else if ('append_prompt' in final) {
    x.note('info', 'rule.append-prompt-ignored', `append_prompt is ${show(append, 40)}${x.by('append_prompt')}: open-strix appends only a non-empty string, so nothing is added`, 'append_prompt');
  }
  x.note('info', 'rule.prompt-final', `the model gets this prompt: ${preview(prompt, 120)}`);
  return { ...base, shown: { model: prompt } };
}

/**
 * What the chain's final event means to open-strix, per event type. The final event is always reported as
 * `eventOut`; only a valid (documented) `_block` changes the verdict.
 */
export function settleStrix({ prepared, event, chainEnd }: SettleInput<StrixEntry>): Settled {
  const start = prepared.chain?.start ?? prepared.input;
  const final = chainEnd?.event ?? start;
  const x = new Explainer(isStrixChain(prepared.chain) ? prepared.chain.steps : [], prepared.hooks);
  const effects = new Map<number, Effect>();
  prepared.hooks.forEach((h, index) => {
    if (h.matched && h.entry.execProblem) effects.set(index, 'error');
  });
  const base: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: final, effects, diagnostics: x.diagnostics };
  const ctx: Context = { start, final, x };

  if (event.name !== 'pre_tool_call' && '_block' in final) {
    x.note('info', 'rule.block-ignored', `the final event carries _block${x.by('_block')}, which means something only on pre_tool_call: here it is just a field`, '_block');
  }
  if (event.name === 'pre_tool_call') return preToolCall(ctx, base);
  if (event.name === 'post_tool_call') return postToolCall(ctx, base);
  if (event.name === 'pre_prompt') return prePrompt(ctx, base);
  if (LIFECYCLE_EVENTS.has(event.name)) {
    const changed = !deepEqual(start, final);
    x.note(
      'info',
      'rule.lifecycle-ignored',
      `open-strix ignores what ${event.name} hooks return: ${changed ? 'each hook still gets the previous answer, but nothing reads the final event' : 'they can only act on their own (write files, start things)'}`,
    );
  }
  return base;
}
