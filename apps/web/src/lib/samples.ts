/**
 * What a fresh playground starts with. The engine's sample payloads come from recordings against mock model
 * APIs and carry their fixture ids (`toolu_mock_1`, `call_mock_1`) and mock texts; shown to a newcomer they read
 * as noise, so the playground tidies them. And a guard tried on a harmless command shows nothing: the starter
 * tries each host's rm -rf guard on the command it guards against, so the first Run ends in a decision.
 */
import type { ScenarioInput } from '@hookplay/engine/browser';
import { dialectInfo, findEvent, type DialectId } from './catalog';

const TIDY: [RegExp, string][] = [
  [/\btoolu_mock_(\d+)\b/g, 'toolu_01HqK3vT8mWx2pL9sN4cR7y$1'],
  [/\bcall_mock_(\d+)\b/g, 'call_7fQ2mX9kLp4Tn8vR$1'],
  [/hello-from-mock/g, 'hello'],
  [/mock_out\.txt/g, 'out.txt'],
  [/mock shell call/g, 'write and read a file'],
];

function tidy(value: unknown): unknown {
  if (typeof value === 'string') return TIDY.reduce((s, [re, to]) => s.replace(re, to), value);
  if (Array.isArray(value)) return value.map(tidy);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tidy(v)]));
  return value;
}

/** The event's sample payload, as the playground offers it. */
export function samplePayload(dialect: DialectId, event: string): Record<string, unknown> {
  return tidy(findEvent(dialect, event)?.sample ?? {}) as Record<string, unknown>;
}

/** The command a starter's rm -rf guard is there to stop. */
const GUARDED = 'rm -rf build';

export function starterScenario(id: DialectId): ScenarioInput {
  const info = dialectInfo(id);
  const event = info.starter.event || info.events[0]?.name || '';
  const payload = samplePayload(id, event);
  const guardsRmRf = Object.values(info.starter.files).some((text) => text.includes('rm -rf'));
  if (guardsRmRf) {
    for (const key of ['tool_input', 'toolArgs']) {
      const input = payload[key] as Record<string, unknown> | undefined;
      if (input && typeof input.command === 'string') payload[key] = { ...input, command: GUARDED, ...(typeof input.description === 'string' ? { description: 'clean the build folder' } : {}) };
    }
  }
  return { hookplay: 1, dialect: id, files: { ...info.starter.files }, event, payload };
}
