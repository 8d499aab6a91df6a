import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { loadGeminiSettings, type GeminiSettings, type RegistryNote } from '../../dialects/gemini-cli/config.js';
import type { GeminiLifecycleObservation, GeminiLifecycleOptions, GeminiObservation } from '../../dialects/gemini-cli/lifecycle.js';
import { wording } from '../../dialects/gemini-cli/wording.js';
import type { Outcome } from '../../outcome.js';
import type { JsonObject } from '../../util/json.js';
import { playSession } from '../play.js';
import type { SessionStep } from '../steps.js';

export type { GeminiObservation } from '../../dialects/gemini-cli/lifecycle.js';

/**
 * The oracle's view of a `gemini -p "do it" --yolo` run: one prompt, at most one run_shell_command call the mock
 * model makes first (its command writes a proof file), and the mock's `FINAL_TEXT_<n>` answers, played through the
 * engine's session player with the gemini-cli lifecycle. Not part of the engine's public API: the oracle
 * (oracle/hosts/gemini-cli/run.mjs) and the replay test use it.
 */
export interface GeminiSessionInput {
  files: Record<string, string>;
  /** The run_shell_command arguments the model asks for first; null: a text answer only. */
  tool?: JsonObject | null;
  trusted?: boolean;
  env?: Record<string, string>;
  prompt?: string;
  /** AfterAgent retries simulated at most (the real CLI has no cap short of its turn limit). */
  maxRetries?: number;
}

export const DEFAULT_TOOL: JsonObject = { command: 'echo original; echo original > .oracle-ran', description: 'run it' };
const RAN_FILE = '.oracle-ran';

/** What hookRegistry prints while it registers settings hooks (debugLogger.warn formats objects with util.inspect). */
function registryLines(note: RegistryNote): string[] {
  const from = 'from project';
  // Parsed settings are plain objects in the CLI (JSON.parse); inspect them as such.
  const show = (value: unknown) => inspect(JSON.parse(JSON.stringify(value)));
  const discard = (value: unknown) => `Discarding invalid hook configuration for ${note.event} ${from}: ${show(value)}`;
  switch (note.kind) {
    case 'invalid-event':
      return [wording.invalidEvent(note.event)];
    case 'not-array':
      return [`Hook definitions for event "${note.event}" from source "project" is not an array. Skipping.`];
    case 'bad-group':
      return [`Discarding invalid hook definition for ${note.event} ${from}: ${show(note.value)}`];
    case 'bad-type':
      return [`Invalid hook ${note.event} ${from} type: ${String(note.type)}`, discard(note.value)];
    case 'no-command':
      return [`Command hook ${note.event} ${from} missing command field`, discard(note.value)];
    case 'no-name':
      return [`Runtime hook ${note.event} ${from} missing name field`, discard(note.value)];
    case 'not-object':
      return [discard(note.value)];
  }
}

/** The fields of a hook's stdin that the oracle compares, per event. */
export function inputOfInterest(event: string, input: JsonObject): JsonObject {
  const pick = (...keys: string[]) => Object.fromEntries(keys.filter((k) => k in input).map((k) => [k, input[k]!])) as JsonObject;
  switch (event) {
    case 'BeforeTool':
      return pick('tool_name', 'tool_input');
    case 'AfterTool':
      return pick('tool_name', 'tool_input');
    case 'BeforeAgent':
      return pick('prompt');
    case 'AfterAgent':
      return pick('prompt', 'prompt_response', 'stop_hook_active');
    case 'SessionStart':
      return pick('source');
    case 'SessionEnd':
      return pick('reason');
    case 'PreCompress':
      return pick('trigger');
    default:
      return {};
  }
}

export function sortInputs(list: GeminiObservation['hookInputs']): GeminiObservation['hookInputs'] {
  const key = (x: GeminiObservation['hookInputs'][number]) => `${x.event}\u0000${x.command}\u0000${JSON.stringify(x.input)}`;
  return [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export async function simulateGeminiSession(session: GeminiSessionInput): Promise<{ observation: GeminiObservation; steps: { event: string; outcome: Outcome }[] }> {
  const tool = session.tool === undefined ? DEFAULT_TOOL : session.tool;
  const steps: SessionStep[] = [{ prompt: session.prompt ?? 'do it' }, ...(tool !== null ? [{ tool: 'run_shell_command', input: tool }] : [])];
  const host = { ...(session.trusted === false ? { trusted: false } : {}), ...(session.env ? { env: session.env } : {}) };
  const options: GeminiLifecycleOptions = { oracleReplies: true, proofFile: RAN_FILE, ...(session.maxRetries !== undefined ? { maxRetries: session.maxRetries } : {}) };
  // The stdin each hook really got (sequential hooks see the previous hooks' changes), per fired event in order.
  const stdins: Map<number, string>[] = [];
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-gemini-')));
  try {
    const played = await playSession(
      { hookplay: 1, dialect: 'gemini-cli', host, files: session.files, payload: {}, session: { steps } },
      {
        tmpDir: tmp,
        lifecycleOptions: options as Record<string, unknown>,
        onEvent: (e) => {
          if (e.type === 'session-event') stdins.push(new Map());
          else if (e.type === 'session-run' && e.run.type === 'hook-start') stdins[stdins.length - 1]?.set(e.run.hook, e.run.stdin);
        },
      },
    );
    if (played.observation === undefined) throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
    const { observed, registryLinesAt } = played.observation as GeminiLifecycleObservation;
    const fired = played.outcome.steps.flatMap((s) => s.events);
    const dirs = tmp.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const norm = (s: string) => s.replace(new RegExp(`${dirs}/hookplay-[A-Za-z0-9]+/project`, 'g'), '$PROJECT').replace(new RegExp(`${dirs}/hookplay-[A-Za-z0-9]+/home`, 'g'), '$HOME');
    const seen = (h: Outcome['hooks'][number]) => h.ran && !(h.timedOut && h.timeoutMs < 50);
    const hookInputs = fired.flatMap(({ event, outcome }, k) =>
      outcome.hooks.filter(seen).map((h) => {
        let input: JsonObject = {};
        try {
          input = JSON.parse(stdins[k]?.get(h.index) ?? '') as JsonObject;
        } catch {}
        return { event, command: norm(h.command), input: JSON.parse(norm(JSON.stringify(inputOfInterest(event, input)))) as JsonObject };
      }),
    );
    const userSaw = [...observed.userSaw];
    if (registryLinesAt !== null) {
      const settings = loadGeminiSettings(session.files, host).settings as unknown as GeminiSettings;
      userSaw.splice(registryLinesAt, 0, ...settings.registry.flatMap(registryLines).flatMap((l) => l.split('\n')));
    }
    return { observation: { ...observed, userSaw, hookInputs: sortInputs(hookInputs) }, steps: fired };
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}
