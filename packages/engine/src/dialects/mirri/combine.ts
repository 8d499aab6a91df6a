import type { Diagnostic, Effect } from '../../outcome.js';
import type { Settled, SettleInput } from '../dialect.js';
import { isObject, preview } from '../../util/json.js';
import { diag, ordinal } from '../shared/results.js';
import type { MirriEntry, MirriSettings } from './config.js';
import { MIRRI_BLOCKING_EVENTS, MIRRI_FAIL_CLOSED_EVENTS } from './events.js';
import { defaultBlockReason, interpretMirri, type MirriAnswer } from './interpret.js';

/**
 * Mirri's combination rules. Results are read in config order, never completion order:
 * the first block wins, the first `updatedInput` wins, UserPromptSubmit collects messages.
 */
export function settleMirri({ prepared, event, results, loaded }: SettleInput<MirriEntry>): Settled {
  const settings = loaded.settings as unknown as MirriSettings;
  const diagnostics: Diagnostic[] = [];
  const effects = new Map<number, Effect>();
  const name = event.name;
  const observationOnly = !MIRRI_BLOCKING_EVENTS.has(name);
  const answers: { index: number; answer: MirriAnswer }[] = [];

  prepared.hooks.forEach((planned, index) => {
    const result = results.get(index);
    if (!result) return;
    const answer = interpretMirri(planned.entry, name, result);
    for (const note of answer.notes) diagnostics.push(diag('info', 'hook.note', `${ordinal(index)}: ${note}`, { hook: index }));
    if (planned.entry.failClosed && !MIRRI_FAIL_CLOSED_EVENTS.has(name)) {
      diagnostics.push(diag('info', 'hook.failclosed-ignored', `${ordinal(index)}: failClosed only applies to PreToolUse, Stop and UserPromptSubmit; it has no effect on ${name}`, { hook: index }));
    }
    if (answer.kind === 'failed') {
      effects.set(index, 'error');
      diagnostics.push(diag('warning', 'hook.fail-open', `${ordinal(index)} failed (${answer.why}); Mirri fails open: no effect`, { hook: index }));
      return;
    }
    if (answer.kind === 'block' && answer.via === 'failClosed') {
      diagnostics.push(diag('info', 'rule.fail-closed', `${ordinal(index)} failed and has failClosed = true: on ${name} that blocks`, { hook: index }));
    }
    if (answer.kind === 'ok' && planned.entry.failClosed && result.exitCode === 0 && MIRRI_FAIL_CLOSED_EVENTS.has(name)) {
      diagnostics.push(
        diag('info', 'divergence.failclosed-exit0', `${ordinal(index)}: the docs let a failClosed hook allow with exit 0 (hookplay follows them); the real Mirri implementation blocks on exit 0 too when failClosed = true`, { hook: index }),
      );
    }
    answers.push({ index, answer });
  });

  const base: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };

  if (observationOnly) {
    for (const { index, answer } of answers) {
      const said = answer.kind === 'block' ? `a block (${answer.via})` : answer.kind === 'ok' && answer.text ? 'output' : null;
      if (said) diagnostics.push(diag('info', 'rule.observation-only', `${ordinal(index)} answered with ${said}, but ${name} is observation-only: Mirri ignores every hook output`, { hook: index }));
    }
    return base;
  }

  if (name === 'RewriteToolInput') return settleRewrite(answers, base, 'RewriteToolInput');

  const blocks = answers.filter((a): a is { index: number; answer: Extract<MirriAnswer, { kind: 'block' }> } => a.answer.kind === 'block');
  if (name === 'Stop' && prepared.input.stop_hook_active === true) {
    diagnostics.push(
      diag('info', 'divergence.stop-hook-active', 'the docs send stop_hook_active: true on later Stop triggers (hookplay follows them); the real Mirri never sends true and does not run Stop hooks again once the turn used its continuation'),
    );
    if (blocks.length > 0) {
      diagnostics.push(diag('info', 'rule.one-continuation', 'this turn already used its one Stop continuation (stop_hook_active is true): the block is ignored and the agent stops'));
      return base;
    }
  }

  // Set only once the blocks count: an ignored block (stop_hook_active) contributes nothing.
  for (const b of blocks) effects.set(b.index, 'block');
  const winner = blocks[0];
  if (winner) {
    const reason = winner.answer.reason;
    diagnostics.push(
      diag('info', 'rule.first-block-wins', `${ordinal(winner.index)} blocks (${winner.answer.via})${blocks.length > 1 ? `; it is the first block in config order, so its reason wins over ${blocks.slice(1).map((b) => ordinal(b.index)).join(', ')}` : ''}`, { hook: winner.index }),
    );
    const settled: Settled = { ...base, verdict: 'block', reason };
    if (name === 'UserPromptSubmit') {
      settled.shown = { user: winner.answer.message ?? reason };
      diagnostics.push(diag('info', 'rule.prompt-blocked', 'the prompt is blocked: the reason is shown as the assistant reply and the model is not called'));
    } else if (name === 'Stop') {
      settled.shown = { model: reason || defaultBlockReason('Stop') };
      diagnostics.push(diag('info', 'rule.stop-continues', 'the stop is blocked: the reason is injected as a user message and the conversation continues (one continuation per turn)'));
    } else {
      // PreToolUse: the docs show the reason to the user and write it back into the context for the model.
      settled.shown = { user: reason, model: reason };
    }
    return settled;
  }

  if (name === 'UserPromptSubmit') {
    const context: string[] = [];
    for (const { index, answer } of answers) {
      if (answer.kind !== 'ok') continue;
      const text = answer.message ?? answer.text;
      if (!text) continue;
      context.push(text);
      effects.set(index, 'context');
      diagnostics.push(
        diag('info', 'rule.prompt-context', `${ordinal(index)} adds ${answer.message !== undefined ? 'its message' : 'its raw stdout'} to the prompt: ${JSON.stringify(preview(text, 80))}`, { hook: index }),
      );
    }
    return { ...base, context };
  }

  if (name === 'PreToolUse') {
    const rewriting = answers.filter((a) => a.answer.kind === 'ok' && a.answer.updatedInput);
    if (rewriting.length > 0) {
      if (settings.engine === 'v2' && settings.rewrite) return settleRewrite(answers, base, 'PreToolUse');
      const why =
        settings.engine === 'v1'
          ? 'on engine v1 only RewriteToolInput hooks can rewrite tool input'
          : 'on engine v2 PreToolUse can rewrite only with the experimental flag hook-command-rewrite';
      for (const r of rewriting) diagnostics.push(diag('info', 'rule.rewrite-ignored', `${ordinal(r.index)} returned updatedInput, which is ignored: ${why}`, { hook: r.index }));
    }
  }
  return base;
}

function settleRewrite(answers: { index: number; answer: MirriAnswer }[], base: Settled, where: string): Settled {
  const { diagnostics, effects } = base;
  for (const { index, answer } of answers) {
    if (answer.kind === 'block' && where === 'RewriteToolInput') {
      diagnostics.push(diag('info', 'rule.rewrite-cannot-block', `${ordinal(index)} tried to block (${answer.via}); RewriteToolInput cannot block, so it is ignored`, { hook: index }));
    }
  }
  const rewrites = answers.filter((a) => a.answer.kind === 'ok' && a.answer.updatedInput !== undefined);
  const first = rewrites[0];
  if (!first || first.answer.kind !== 'ok' || !first.answer.updatedInput) return base;
  // A null or non-object updatedInput rewrites nothing, even alone: it keeps the original arguments.
  for (const r of rewrites) effects.set(r.index, r.answer.kind === 'ok' && isObject(r.answer.updatedInput?.value) ? 'rewrite' : 'none');
  const value = first.answer.updatedInput.value;
  const later = rewrites.slice(1).map((r) => ordinal(r.index));
  const hidden = later.length ? `; later rewrites (${later.join(', ')}) are hidden, whatever order they finished in` : '';
  if (value === null) {
    diagnostics.push(diag('info', 'rule.first-rewrite-wins', `${ordinal(first.index)} is the first in config order to return updatedInput, but it is null: the original arguments are kept${hidden}`, { hook: first.index }));
    return base;
  }
  if (!isObject(value)) {
    diagnostics.push(diag('warning', 'rule.rewrite-invalid', `${ordinal(first.index)} returned updatedInput ${preview(value, 60)}, which is not an argument object: validation fails and the original arguments are kept${hidden}`, { hook: first.index }));
    return base;
  }
  diagnostics.push(diag('info', 'rule.first-rewrite-wins', `${ordinal(first.index)} is the first in config order to return updatedInput, so the tool runs with ${preview(value, 80)}${hidden}`, { hook: first.index }));
  if (where === 'RewriteToolInput') diagnostics.push(diag('info', 'rule.rewrite-then-pretooluse', 'the rewritten arguments are validated, then PreToolUse hooks see them'));
  return { ...base, updatedInput: value };
}
