/**
 * The Gemini CLI adapter's own logic, without the CLI: how a session becomes `gemini -p` runs (and what it cannot
 * become, each problem naming its path), how a one-event scenario becomes a session, how the mock answers the
 * Gemini API, how the bash probe's log and the requests are read, and how the harness's defaults reach a user file.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventScenario, SessionScenario } from '@hookplay/engine';
import { geminiApi } from '../src/mock/gemini.js';
import { readProbe, userParts } from '../src/hosts/gemini-cli/observe.js';
import { addUserAuth, toolsRan } from '../src/hosts/gemini-cli/run.js';
import { modelScriptOf, scriptOf, servedCalls, type GeminiScript } from '../src/hosts/gemini-cli/script.js';
import { wrapEvent } from '../src/hosts/gemini-cli/wrap.js';
import { cannotExpress } from '../src/plan.js';
import type { RecordedRequest } from '../src/mock/server.js';

const dir = mkdtempSync(join(tmpdir(), 'hookplay-gemini-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const session = (steps: unknown[], host?: object): SessionScenario => ({ hookplay: 1, dialect: 'gemini-cli', files: {}, payload: {}, ...(host ? { host } : {}), session: { steps } }) as SessionScenario;
const problems = (s: ReturnType<typeof scriptOf>) => (cannotExpress(s) ? s.problems : []);
const shell = (command: string) => ({ tool: 'run_shell_command', input: { command } });

describe('a session as gemini -p runs', () => {
  it('plays one prompt per process, a resume step starting the next with --resume latest', () => {
    const s = scriptOf(session([{ prompt: 'a' }, shell('echo 1'), { reply: 'R1' }, { resume: 'continue' }, { prompt: 'b' }, { calls: [shell('echo 2'), shell('echo 3')] }])) as GeminiScript;
    expect(s.runs.map((r) => [r.resume, r.prompt, r.replies.length])).toEqual([[false, 'a', 2], [true, 'b', 1]]);
    expect(s.trusted).toBe(true);
    expect(servedCalls(s, [1, 1]).map((c) => c.input.command)).toEqual(['echo 1', 'echo 2', 'echo 3']);
    expect(servedCalls(s, [0, 1]).map((c) => c.input.command)).toEqual(['echo 2', 'echo 3']);
  });

  it('names every step it cannot play', () => {
    const found = problems(scriptOf(session([{ prompt: 'a' }, { tool: 'run_shell_command', input: {}, result: { output: 'x' } }, { approval: 'allow' }, { interrupt: true }, { event: 'Notification', payload: {} }, { prompt: 'b' }])));
    expect(found.map((p) => p.path)).toEqual(['session.steps[1].result', 'session.steps[2]', 'session.steps[3]', 'session.steps[4]', 'session.steps[5]']);
    expect(found[0]!.message).toContain('the real CLI runs run_shell_command itself');
    expect(found[4]!.message).toContain('resume');
    expect(problems(scriptOf(session([{ resume: 'continue' }, { prompt: 'a' }]))).map((p) => p.path)).toEqual(['session.steps[0]']);
    expect(problems(scriptOf(session([{ prompt: 'a' }, { resume: 'continue' }]))).map((p) => p.path)).toEqual(['session.steps[1]']);
  });

  it('has the mock answer each run in order, then repeat the last text (or the oracle’s FINAL_TEXT_n)', () => {
    const s = scriptOf(session([{ prompt: 'a' }, { calls: [shell('1'), shell('2')] }, { reply: 'R1' }])) as GeminiScript;
    const model = modelScriptOf(s);
    expect(model(1, {})).toEqual({ kind: 'tools', calls: [{ name: 'run_shell_command', input: { command: '1' }, id: 'call_1' }, { name: 'run_shell_command', input: { command: '2' }, id: 'call_2' }] });
    expect(model(2, {})).toEqual({ kind: 'text', text: 'R1' });
    expect(model(3, {})).toEqual({ kind: 'text', text: 'R1' });
    const oracle = modelScriptOf({ ...s, runs: [{ ...s.runs[0]!, replies: [] }], oracle: true });
    expect(oracle(4, {})).toEqual({ kind: 'text', text: 'FINAL_TEXT_4' });
  });
});

describe('a one-event scenario as a session', () => {
  const event = (name: string, payload: object): EventScenario => ({ hookplay: 1, dialect: 'gemini-cli', files: {}, event: name, payload }) as EventScenario;

  it('reaches a tool event with the payload’s call, and lists the fields the CLI fills itself', () => {
    const w = wrapEvent(event('BeforeTool', { tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' }, session_id: 'x', extra: 1 }));
    if (cannotExpress(w)) throw new Error('unexpected');
    expect(w.session.session.steps).toEqual([{ prompt: 'do it' }, { tool: 'run_shell_command', input: { command: 'rm -rf /' } }]);
    expect(w.notes).toEqual(['payload.session_id: the real CLI fills it itself', 'payload.extra: the real CLI builds its own payload and does not send this field']);
  });

  it('says which events and payloads it cannot reach', () => {
    const n = wrapEvent(event('Notification', {}));
    expect(cannotExpress(n) && n.problems[0]!.path).toBe('event');
    const r = wrapEvent(event('SessionStart', { source: 'resume' }));
    expect(cannotExpress(r) && r.problems[0]!.path).toBe('payload.source');
  });
});

describe('the Gemini API mock', () => {
  const api = geminiApi(() => ({ kind: 'tools', calls: [{ name: 'run_shell_command', input: { command: 'ls' }, id: 'c1' }] }));

  it('answers a turn with one SSE chunk of functionCall parts, and the side calls apart', () => {
    expect(api.serves('POST', '/v1beta/models/gemini-2.5-pro:streamGenerateContent')).toBe(true);
    expect(api.serves('GET', '/v1beta/models')).toBe(false);
    expect(api.isSide!({}, '/v1beta/models/x:streamGenerateContent?alt=sse')).toBe(false);
    expect(api.isSide!({}, '/v1beta/models/x:generateContent')).toBe(true);
    const turn = api.answer({ method: 'POST', path: '/v1beta/models/x:streamGenerateContent?alt=sse', body: {}, n: 1 });
    const chunk = JSON.parse(turn.body.replace(/^data: /, '')) as { candidates: { content: { parts: unknown[] } }[] };
    expect(chunk.candidates[0]!.content.parts).toEqual([{ functionCall: { name: 'run_shell_command', args: { command: 'ls' } } }]);
    const side = JSON.parse(api.answer({ method: 'POST', path: '/v1beta/models/x:generateContent', body: { generationConfig: { responseMimeType: 'application/json' } }, n: 0 }).body) as { candidates: { content: { parts: { text: string }[] } }[] };
    expect(JSON.parse(side.candidates[0]!.content.parts[0]!.text).next_speaker).toBe('user');
  });
});

describe('reading a run', () => {
  const request = (contents: object[]): RecordedRequest => ({ n: 1, method: 'POST', path: '/x', body: { contents }, at: 0 });

  it('reads the user side of a request without the CLI’s session context, tool results as their JSON', () => {
    const r = request([{ role: 'user', parts: [{ text: '<session_context>…' }, { text: 'go' }] }, { role: 'model', parts: [{ functionCall: { name: 'run_shell_command' } }] }, { role: 'user', parts: [{ functionResponse: { name: 'run_shell_command', response: { error: 'Tool execution blocked: no' } } }] }]);
    expect(userParts(r)).toEqual(['go', '{"error":"Tool execution blocked: no"}']);
  });

  it('tells hooks from tool shells in the probe’s log, and a call as run when its shell started or its output came back', () => {
    const log = join(dir, 'probe');
    mkdirSync(log, { recursive: true });
    writeFileSync(join(log, '2000000-7.command'), 'echo hook');
    writeFileSync(join(log, '2000000-7.stdin'), '{"hook_event_name":"BeforeTool"}');
    writeFileSync(join(log, '1000000-5.tool'), 'shopt -u promptvars; { echo one; }; __code=$?');
    const entries = readProbe(log);
    expect(entries.map((e) => [e.kind, e.input?.hook_event_name ?? null])).toEqual([['tool', null], ['hook', 'BeforeTool']]);
    const calls = [{ tool: 'run_shell_command', input: { command: 'echo one' } }, { tool: 'run_shell_command', input: { command: 'echo two' } }, { tool: 'read_file', input: {} }];
    const last = request([{ role: 'user', parts: [{ functionResponse: { name: 'a', response: { output: '1' } } }, { functionResponse: { name: 'b', response: { error: 'blocked' } } }, { functionResponse: { name: 'c', response: { output: '' } } }] }]);
    expect(toolsRan(calls, entries, last).map((t) => t.ran)).toEqual([true, false, true]);
  });

  it('puts the harness’s defaults in front of a user settings file’s own keys, and leaves one that picks its auth alone', () => {
    const home = join(dir, 'home');
    mkdirSync(join(home, '.gemini'), { recursive: true });
    const file = join(home, '.gemini', 'settings.json');
    writeFileSync(file, '// mine\n{ "hooks": {} }\n');
    addUserAuth(home);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('// mine\n{"security":{"auth":{"selectedType":"gemini-api-key"}}')).toBe(true);
    expect(text.endsWith(', "hooks": {} }\n')).toBe(true);
    addUserAuth(home);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
