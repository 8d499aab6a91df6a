import { mkdirSync, realpathSync } from 'node:fs';
import { inspect } from 'node:util';
import { playSession, type JsonObject, type Outcome, type PlayedSession, type SessionScenario } from '@hookplay/engine';
import { geminiWording, loadGeminiSettings, type GeminiLifecycleObservation, type GeminiLifecycleOptions, type GeminiRegistryNote, type GeminiSettings } from '@hookplay/engine/oracle';
import { inputOfInterest, sortInputs } from './inputs.js';
import type { GeminiObservation } from './observe.js';
import { PROOF_FILE } from './run.js';
import { servedCalls, type GeminiScript } from './script.js';

/** What the hook registry prints while it registers settings hooks (the CLI's debugLogger formats objects with util.inspect). */
export function registryLines(note: GeminiRegistryNote): string[] {
  const from = 'from project';
  // Parsed settings are plain objects in the CLI (JSON.parse); inspect them as such.
  const show = (value: unknown) => inspect(JSON.parse(JSON.stringify(value)));
  const discard = (value: unknown) => `Discarding invalid hook configuration for ${note.event} ${from}: ${show(value)}`;
  switch (note.kind) {
    case 'invalid-event':
      return [geminiWording.invalidEvent(note.event)];
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

/** A hook the bash probe never sees: one killed within a few milliseconds of its start. */
const seen = (h: Outcome['hooks'][number]) => h.ran && !(h.timedOut && h.timeoutMs < 50);

/**
 * The same session through the engine, launched as the harness launches the real CLI: the mock's replies (the old
 * oracle's FINAL_TEXT_<n> and proof file for its cases), what each hook received read off the timeline, the hook
 * registry's warnings where the CLI prints them, and each served call as run or not. The observation is in
 * `played.observation`, in the shape the real run is read.
 */
export async function emulateGemini(scenario: SessionScenario, script: GeminiScript, tmpDir: string, signal?: AbortSignal): Promise<PlayedSession> {
  mkdirSync(tmpDir, { recursive: true });
  const options: GeminiLifecycleOptions = script.oracle ? { oracleReplies: true, proofFile: PROOF_FILE } : {};
  // The stdin each hook really got (sequential hooks see the previous hooks' changes), per fired event in order.
  const stdins: Map<number, string>[] = [];
  const played = await playSession(scenario, {
    tmpDir,
    ...(signal ? { signal } : {}),
    lifecycleOptions: options as Record<string, unknown>,
    onEvent: (e) => {
      if (e.type === 'session-event') stdins.push(new Map());
      else if (e.type === 'session-run' && e.run.type === 'hook-start') {
        stdins[stdins.length - 1]?.set(e.run.hook, e.run.stdin);
      }
    },
  });
  const lifecycle = played.observation as GeminiLifecycleObservation | undefined;
  if (!lifecycle) return played;
  const { observed, registryLinesAt } = lifecycle;
  const fired = played.outcome.steps.flatMap((s) => s.events);
  const dirs = realpathSync(tmpDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const norm = (s: string) => s.replace(new RegExp(`${dirs}/hookplay-[A-Za-z0-9]+/project`, 'g'), '$PROJECT').replace(new RegExp(`${dirs}/hookplay-[A-Za-z0-9]+/home`, 'g'), '$HOME');
  const hookInputs = fired.flatMap(({ event, outcome }, k) =>
    outcome.hooks.filter(seen).map((h) => {
      let input: JsonObject = {};
      try {
        input = JSON.parse(stdins[k]?.get(h.index) ?? '') as JsonObject;
      } catch {
        // a hook whose stdin was not written: its input unknown, as on the real side
      }
      return { event, command: norm(h.command), input: JSON.parse(norm(JSON.stringify(inputOfInterest(event, input)))) as JsonObject };
    }),
  );
  const userSaw = [...observed.userSaw];
  if (registryLinesAt !== null) {
    const settings = loadGeminiSettings(scenario.files, scenario.host ?? {}).settings as unknown as GeminiSettings;
    userSaw.splice(registryLinesAt, 0, ...settings.registry.flatMap(registryLines).flatMap((l) => l.split('\n')));
  }
  // Each call of a step is its own timeline entry, in call order.
  const records = new Map<number, { ran: boolean }[]>();
  for (const s of played.outcome.steps) if (s.tool && s.step !== null) records.set(s.step, [...(records.get(s.step) ?? []), s.tool]);
  const taken = new Map<number, number>();
  const tools = servedCalls(script, observed.runs ?? observed.requests).map((c) => {
    const k = taken.get(c.step) ?? 0;
    taken.set(c.step, k + 1);
    return { tool: c.tool, ran: records.get(c.step)?.[k]?.ran ?? false };
  });
  const observation: GeminiObservation = { ...observed, ...(script.oracle ? {} : { tool: null }), userSaw, tools, hookInputs: sortInputs(hookInputs) };
  return { ...played, observation };
}
