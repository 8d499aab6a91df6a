/**
 * The app the harness plays: a Node program that calls the real SDK's query() the way an application does, with
 * the scenario's settingSources, its callbacks (imported from the modules among its files, each wrapped only to log
 * when it was called and how it ended), a canUseTool that gives the scripted answers, and the harness's probe hooks
 * as flag settings (`options.settings`, which load whatever settingSources says). It runs inside the run's
 * namespace; everything it needs comes in a JSON file, and what it saw goes to files in `out`.
 *
 * It is JavaScript text, written into each run's directory: the namespace (and, sandboxed, the mount table) sees the
 * run's directory and the SDK's install, not hookplay's own files.
 */
export const DRIVER_SOURCE = String.raw`
import fs from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const cfg = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const log = (file, o) => fs.appendFileSync(cfg.out + '/' + file, JSON.stringify(o) + '\n');
const { query } = await import(pathToFileURL(cfg.sdk).href);

// PermissionRequest hooks still running (command hooks from the stream, callbacks here): a person answers a prompt
// only after they had their turn, as the claude-code driver does.
let permissionHooks = 0;
const hooks = {};
for (const [event, groups] of Object.entries(cfg.callbacks ?? {})) {
  hooks[event] = [];
  for (const g of groups) {
    const fns = [];
    for (const spec of g.hooks) {
      const at = spec.lastIndexOf('#');
      const mod = await import(pathToFileURL(resolve(cfg.project, spec.slice(0, at))).href);
      const fn = mod[spec.slice(at + 1)];
      fns.push(async (input, toolUseID, options) => {
        let ended = false;
        const end = (how) => { if (!ended) { ended = true; log('callbacks.jsonl', { event, spec, end: how }); } };
        options.signal.addEventListener('abort', () => end('callback:timeout'), { once: true });
        if (event === 'PermissionRequest') permissionHooks++;
        try {
          const value = await fn(input, toolUseID, options);
          end('callback:returned');
          return value;
        } catch (e) {
          end('callback:threw');
          throw e;
        } finally {
          if (event === 'PermissionRequest') permissionHooks--;
        }
      });
    }
    hooks[event].push({ ...(g.matcher !== undefined ? { matcher: g.matcher } : {}), hooks: fns, ...(g.timeout !== undefined ? { timeout: g.timeout } : {}), ...(g.onFailure ? { onFailure: g.onFailure } : {}) });
  }
}

const calls = cfg.calls;
const canUseTool = cfg.canUseTool
  ? async (toolName, input, options) => {
      const call = calls.find((c) => c.id === options.toolUseID) ?? calls.find((c) => JSON.stringify(c.input) === JSON.stringify(input));
      const answer = call?.approval ?? cfg.canUseTool.default;
      const reply = answer === 'allow' ? { behavior: 'allow' } : { behavior: 'deny', message: answer === 'deny' ? cfg.canUseTool.denied : cfg.canUseTool.unanswered };
      log('asked.jsonl', { tool: toolName, input, answer: reply });
      const t0 = Date.now();
      while (permissionHooks > 0 || Date.now() - t0 < 250) await new Promise((r) => setTimeout(r, 25));
      return reply.behavior === 'allow' ? { behavior: 'allow', updatedInput: input } : reply;
    }
  : undefined;

const options = {
  includeHookEvents: true,
  settings: cfg.probes,
  stderr: (d) => fs.appendFileSync(cfg.out + '/cli-stderr.txt', d),
  ...(cfg.settingSources ? { settingSources: cfg.settingSources } : {}),
  ...(Object.keys(hooks).length ? { hooks } : {}),
  ...(canUseTool ? { canUseTool } : {}),
  ...(cfg.permissionMode ? { permissionMode: cfg.permissionMode } : {}),
  ...(cfg.allowedTools ? { allowedTools: [cfg.allowedTools] } : {}),
};

// One query() per process of the session: the first starts it, each next resumes it (resume: <id>, or continue).
let sessionId = null;
for (const proc of cfg.processes) {
  const turns = cfg.prompts.slice(proc.from, proc.to);
  let next = null;
  const prompt = turns.length === 1 && cfg.processes.length === 1
    ? turns[0]
    : (async function* () {
        for (const [k, text] of turns.entries()) {
          if (k > 0) await new Promise((r) => (next = r));
          yield { type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: sessionId ?? '' };
        }
      })();
  const resume = proc.start === 'resume' && sessionId ? { resume: sessionId } : proc.start !== 'startup' ? { continue: true } : {};
  try {
    for await (const m of query({ prompt, options: { ...options, ...resume } })) {
      log('messages.jsonl', m);
      if (m.type === 'system' && m.subtype === 'init') sessionId ??= m.session_id;
      if (m.type === 'system' && m.hook_event === 'PermissionRequest') permissionHooks += m.subtype === 'hook_started' ? 1 : m.subtype === 'hook_response' ? -1 : 0;
      if (m.type === 'result' && next) { const go = next; next = null; go(); }
    }
  } catch (e) {
    log('thrown.jsonl', { message: String(e && e.message || e) });
  }
}
`;
