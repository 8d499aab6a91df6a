import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dialectCatalog, getDialect, runScenario, type EventScenario } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the oracle harness
import { CASES } from '../../../../oracle/hosts/cline/cases.mjs';
import { readAnswer } from '../../src/dialects/cline/answer.js';
import { merge } from '../../src/dialects/cline/combine.js';
import { interpreterOf } from '../../src/dialects/cline/command.js';
import { hookOf } from '../../src/dialects/cline/folders.js';
import { hookContextBlock } from '../../src/dialects/cline/shown.js';
import type { ProcessResult } from '../../src/runner/types.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../../src/dialects/cline');
/** The session sweep's recordings (oracle/recorded/cline/3.0.65), which the dialect may cite beside the oracle's cases. */
const SWEPT = join(dirname(fileURLToPath(import.meta.url)), '../../../../oracle/recorded/cline/3.0.65');

const result = (stdout: string, more: Partial<ProcessResult> = {}): ProcessResult => ({ pid: 1, exitCode: 0, signal: null, timedOut: false, startMs: 0, durationMs: 1, stdout, stderr: '', dropped: { stdout: 0, stderr: 0 }, leftovers: false, ...more });

describe('cline: the dialect', () => {
  it('is registered, with its version and a sample for every event that has fields', () => {
    const d = getDialect('cline');
    expect(d.versions).toEqual({ supported: ['3.0.65'], default: '3.0.65' });
    expect(d.events.map((e) => e.name)).toEqual(['TaskStart', 'TaskResume', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'TaskComplete', 'TaskCancel', 'TaskError', 'PreCompact', 'SessionShutdown']);
    expect(dialectCatalog().some((c: { id: string }) => c.id === 'cline')).toBe(true);
  });

  it('says it is verified against Cline CLI 3.0.65 on its recorded cases', () => {
    const sessions = existsSync(SWEPT) ? readdirSync(SWEPT).length : 0;
    expect(getDialect('cline').verifiedAgainst).toMatchObject({ host: 'Cline CLI', version: '3.0.65', cases: (CASES as unknown[]).length + sessions });
  });

  it('names only recorded cases that exist as evidence', () => {
    const ids = new Set([...(CASES as { id: string }[]).map((c) => c.id), ...(existsSync(SWEPT) ? readdirSync(SWEPT).map((f) => f.replace(/\.json$/, '')) : [])]);
    const cited = readdirSync(SRC)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(join(SRC, f), 'utf8').matchAll(/recorded\(([^)]*)\)/g)].flatMap((m) => [...m[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!).filter((id) => id.includes('-'))));
    expect(cited.length).toBeGreaterThan(20);
    expect(cited.filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('cline: hook files', () => {
  it('are named after their event in any case, with a hook extension written in lower case', () => {
    expect(hookOf('PreToolUse')).toEqual({ event: 'PreToolUse' });
    expect(hookOf('pretooluse.sh')).toEqual({ event: 'PreToolUse' });
    expect(hookOf('TaskComplete.py')).toEqual({ event: 'TaskComplete' });
    expect(hookOf('PreToolUse.SH')).toHaveProperty('problem');
    expect(hookOf('PreToolUse.rb')).toHaveProperty('problem');
    expect(hookOf('Stop')).toHaveProperty('problem');
  });

  it('run with the interpreter the CLI picks: the shebang, else the extension, else bash', () => {
    expect(interpreterOf('PreToolUse', '#!/bin/sh\n')).toEqual(['sh']);
    expect(interpreterOf('PreToolUse', '#!/usr/bin/env bash\n')).toEqual(['bash']);
    expect(interpreterOf('PreToolUse', '#!/usr/bin/no-such\n')).toEqual(['/usr/bin/no-such']);
    expect(interpreterOf('PreToolUse.js', 'console.log(1)')).toEqual(['node']);
    expect(interpreterOf('PreToolUse.ts', '')).toEqual(['bun', 'run']);
    expect(interpreterOf('PreToolUse', 'echo hi')).toEqual(['bash']);
  });
});

describe('cline: answers', () => {
  it('are JSON on stdout: the last HOOK_CONTROL line, context before contextModification, errorMessage as context without cancel', () => {
    expect(readAnswer(result('{"contextModification":"a","context":"b"}'))).toMatchObject({ context: 'b' });
    expect(readAnswer(result('{"errorMessage":"e"}'))).toMatchObject({ context: 'e' });
    expect(readAnswer(result('{"cancel":true,"errorMessage":"e"}'))).toMatchObject({ cancel: true, cancelReason: 'e' });
    expect(readAnswer(result('noise\nHOOK_CONTROL\t{"context":"1"}\nHOOK_CONTROL\t{"context":"2"}'))).toMatchObject({ context: '2' });
    expect(readAnswer(result('not json'))).toBe('invalid-json');
    expect(readAnswer(result('{"context":"late"}', { timedOut: true }))).toBe('timed-out');
    expect(readAnswer(result('{"contextModification":"x"}', { exitCode: 2 }))).toMatchObject({ context: 'x' });
  });

  it('merge: one cancel cancels, contexts join with a newline, the last override wins', () => {
    const m = merge([
      { context: 'a', hasOverride: true, overrideInput: 1 },
      { cancel: true, cancelReason: 'r', hasOverride: false },
      { context: 'b', hasOverride: true, overrideInput: 2 },
    ]);
    expect(m).toEqual({ cancel: true, context: 'a\nb', cancelReason: 'r', overrideInput: 2, hasOverride: true });
  });

  it('reach the model in a <hook_context> block whose attributes are escaped', () => {
    expect(hookContextBlock('PreToolUse', { name: 'run_commands', id: 'call_1_0' }, ' note ')).toBe('<hook_context source="PreToolUse" tool_name="run__commands" tool_call_id="call__1__0">\nnote\n</hook_context>');
  });

  it('halt the whole task on cancel, with the hook\'s own reason', async () => {
    const scenario: EventScenario = {
      hookplay: 1,
      dialect: 'cline',
      files: { '.clinerules/hooks/PreToolUse': `#!/bin/sh\necho '{"cancel":true,"errorMessage":"no"}'\n`, '.clinerules/hooks/pretooluse.sh': `echo '{"contextModification":"lost"}'\n` },
      event: 'PreToolUse',
      payload: { tool_call: { id: 'call_1_0', name: 'run_commands', input: { commands: ['rm -rf /'] } } },
    };
    const outcome = await runScenario(scenario);
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'no', halt: true, context: [] });
    expect(outcome.hooks.map((h) => [h.ran, h.effect])).toEqual([
      [true, 'block'],
      [true, 'context'],
    ]);
  });
});
