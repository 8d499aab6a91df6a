// The Cline CLI session sweep: `generate()` makes hookplay session scenarios along Cline CLI 3.0.65's own
// dimensions, deterministically (a seeded shuffle picks which session shape and folder meet which answer), for
// `node oracle/sessions/run.mjs --host cline`, which plays each on the real CLI and through the engine and records
// what the CLI did in oracle/recorded/cline/3.0.65/.
//
// Dimensions: the event a hook answers on (PreToolUse, PostToolUse, TaskStart, TaskComplete) × how it answers
// (context fields, errorMessage, cancel, overrideInput, HOOK_CONTROL, plain text, exit codes, a slow hook) × the
// session's shape (one call, two calls in a row, two calls in one message, a text-only task, a failing command) × the
// folder it sits in — plus several hooks across folders (how their answers merge and in which order), hooks that keep
// state between calls, and the end events (SessionShutdown after a cancel, TaskComplete after an answer).
import { random as prng } from '../lib/seeded.mjs';


const sh = (body) => `#!/bin/sh\n${body}\n`;
const json = (o) => `echo '${JSON.stringify(o)}'`;
const FOLDERS = ['~/.cline/hooks/', '~/Documents/Cline/Hooks/', '.clinerules/hooks/', '.cline/hooks/'];
const folderName = (dir) => dir.replace(/^~\//, 'home-').replace(/[/.]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
/** Only on the call whose command says `echo two` (the second call of a shape). */
const onTwo = (body) => `if grep -q 'echo two'; then ${body}; else cat > /dev/null; fi`;

const ANSWERS = {
  contextModification: () => json({ contextModification: 'swept note' }),
  context: () => json({ context: 'swept context', contextModification: 'not this one' }),
  errorMessage: () => json({ errorMessage: 'swept error' }),
  cancel: () => json({ cancel: true, errorMessage: 'swept cancel' }),
  'cancel-on-two': () => onTwo(json({ cancel: true, errorMessage: 'not the second' })),
  overrideInput: () => json({ overrideInput: { commands: ['echo overridden'] } }),
  'override-on-two': () => onTwo(json({ overrideInput: { commands: ['echo deux'] }, contextModification: 'second rewritten' })),
  'hook-control': () => `echo progress; printf 'HOOK_CONTROL\\t${JSON.stringify({ contextModification: 'control note' })}\\n'`,
  'plain-text': () => 'echo "just words"',
  'exit-2-stderr': () => 'echo "refused" >&2; exit 2',
  'json-exit-1': () => `${json({ contextModification: 'note on exit 1' })}; exit 1`,
  slow: () => `sleep 2; ${json({ contextModification: 'slow note' })}`,
};

/** The session shapes: the steps after the prompt. */
const SHAPES = {
  'one-call': [{ tool: 'run_commands', input: { commands: ['echo one'] } }, { reply: 'Checked.' }],
  'two-calls': [{ tool: 'run_commands', input: { commands: ['echo one'] } }, { tool: 'run_commands', input: { commands: ['echo two'] } }, { reply: 'Both checked.' }],
  'one-message-two-calls': [{ calls: [{ tool: 'run_commands', input: { commands: ['echo one'] } }, { tool: 'run_commands', input: { commands: ['echo two'] } }] }, { reply: 'Both checked.' }],
  'failing-command': [{ tool: 'run_commands', input: { commands: ['echo one; echo bad >&2; exit 4'] } }, { tool: 'run_commands', input: { commands: ['echo two'] } }, { reply: 'Recovered.' }],
  'text-only': [{ reply: 'Nothing to run.' }],
};

const scenario = (title, files, shape, extra = {}) => ({
  hookplay: 1,
  title,
  dialect: 'cline',
  files,
  session: { steps: [{ prompt: 'run the checks' }, ...SHAPES[shape]] },
  ...extra,
});

export function generate() {
  const rand = prng(2026);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const cases = [];
  const toolShapes = ['one-call', 'two-calls', 'one-message-two-calls', 'failing-command'];
  // Every event × answer, in a seeded shape and folder; the task's end events are watched.
  for (const event of ['PreToolUse', 'PostToolUse', 'TaskStart', 'TaskComplete', 'UserPromptSubmit']) {
    for (const [answer, body] of Object.entries(ANSWERS)) {
      if (event.startsWith('Task') && /on-two|slow|hook-control|json-exit/.test(answer)) continue;
      if (event === 'UserPromptSubmit' && !['contextModification', 'cancel', 'errorMessage'].includes(answer)) continue;
      const shape = !event.endsWith('ToolUse') ? pick([...toolShapes, 'text-only']) : pick(toolShapes);
      const dir = pick(FOLDERS);
      const files = { [`${dir}${event}`]: sh(body()), '.cline/hooks/SessionShutdown': sh('cat > /dev/null'), ...(event !== 'TaskComplete' ? { '~/.cline/hooks/TaskComplete': sh('cat > /dev/null') } : {}) };
      cases.push({ id: `${event}-${answer}-${shape}-${folderName(dir)}`, scenario: scenario(`${event} ${answer}, ${shape}, in ${dir}`, files, shape) });
    }
  }
  // Several hooks of one event across folders: every one runs, in path order, answers merged.
  const merges = [
    ['contextModification', 'contextModification'],
    ['contextModification', 'cancel'],
    ['cancel', 'contextModification'],
    ['overrideInput', 'override-on-two'],
    ['errorMessage', 'context'],
    ['plain-text', 'contextModification'],
    ['cancel-on-two', 'overrideInput'],
    ['exit-2-stderr', 'json-exit-1'],
  ];
  for (const event of ['PreToolUse', 'PostToolUse']) {
    for (const [a, b] of merges) {
      const shape = pick(toolShapes);
      const [da, db] = [pick(FOLDERS.slice(0, 2)), pick(FOLDERS.slice(2))];
      const files = { [`${da}${event}`]: sh(ANSWERS[a]()), [`${db}${event}`]: sh(ANSWERS[b]()), '.cline/hooks/SessionShutdown': sh('cat > /dev/null') };
      cases.push({ id: `merge-${event}-${a}-then-${b}-${shape}`, scenario: scenario(`two ${event} hooks, ${a} (${da}) then ${b} (${db}), ${shape}`, files, shape) });
    }
  }
  // Hooks that keep state between calls, in the project the tools also write to.
  const stateful = [
    ['count-then-cancel', 'PostToolUse', 'two-calls', 'n=$(cat .post-count 2>/dev/null || echo 0); n=$((n+1)); echo $n > .post-count; if [ $n -ge 2 ]; then ' + json({ cancel: true, errorMessage: 'second result refused' }) + '; else ' + json({ contextModification: 'first result ok' }) + '; fi'],
    ['reads-what-the-tool-wrote', 'PreToolUse', 'two-calls', 'if [ -f made.txt ]; then printf \'{"contextModification":"made.txt says %s"}\' "$(cat made.txt)"; else cat > /dev/null; fi'],
    ['pre-logs-post-reads', 'PostToolUse', 'one-message-two-calls', 'echo post >> .hook-log; printf \'{"contextModification":"log has %s lines"}\' "$(wc -l < .hook-log | tr -d " ")"'],
  ];
  for (const [name, event, shape, body] of stateful) {
    const steps = name === 'reads-what-the-tool-wrote' ? [{ tool: 'run_commands', input: { commands: ['echo hello > made.txt; echo one'] } }, { tool: 'run_commands', input: { commands: ['echo two'] } }, { reply: 'Done.' }] : null;
    const s = scenario(`stateful: ${name}`, { [`.clinerules/hooks/${event}`]: sh(body), ...(name === 'pre-logs-post-reads' ? { '.clinerules/hooks/PreToolUse': sh('cat > /dev/null; echo pre >> .hook-log') } : {}) }, shape);
    if (steps) s.session.steps = [{ prompt: 'run the checks' }, ...steps];
    cases.push({ id: `stateful-${name}`, scenario: s });
  }
  // Every event watched, in every shape: which fire, and how often.
  for (const shape of Object.keys(SHAPES)) {
    const files = Object.fromEntries(['TaskStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'TaskComplete', 'TaskCancel', 'TaskError', 'PreCompact', 'SessionShutdown'].map((e) => [`${pick(FOLDERS)}${e}`, sh('cat > /dev/null')]));
    cases.push({ id: `watch-all-${shape}`, scenario: scenario(`every event watched, ${shape}`, files, shape) });
  }
  return cases;
}
