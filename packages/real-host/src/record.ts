import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scenario, SessionScenario } from '@hookplay/engine';
import type { CliFacts } from './adapter.js';
import { isRealHostId, type RealHostId } from './catalog.js';
import type { Difference } from './compare.js';
import { ADAPTERS } from './hosts/index.js';
import { cannotExpress } from './plan.js';
import { ruleCodesOf, type RealComparison } from './real.js';

/**
 * A recorded case: a scenario, the session the real host played for it, and what the real host did. `npm test`
 * replays every one against the engine (no CLI needed); the dialect must follow what the host did.
 */
export interface RecordedCase {
  case: string;
  title?: string;
  host: { id: RealHostId; version: string };
  recordedAt: string;
  /** Of `played` and the emulated version: a case whose definition changed since its recording is noticed. */
  caseHash: string;
  /** The scenario as written (one event or a session). */
  scenario: Scenario;
  /** What both sides played. */
  played: SessionScenario;
  /** The one-event scenario's event. */
  focus: string | null;
  /** The real host's observation, as the host's adapter reads a run. */
  observed: unknown;
  cli: Pick<CliFacts, 'exitCode' | 'signal' | 'ms'> & { otherTraffic: CliFacts['otherTraffic'] };
  /** Runs of the same case that the host answered differently (it is nondeterministic there): each observation. */
  alternatives?: unknown[];
}

export const caseHashOf = (played: SessionScenario) => createHash('sha256').update(JSON.stringify(played)).digest('hex').slice(0, 16);

/** A file name from a title: lower-case words joined by dashes, and the hash so two cases never collide. */
export function caseIdOf(scenario: Scenario, played: SessionScenario): string {
  const words = (scenario.title ?? 'case')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48);
  return `${words || 'case'}-${caseHashOf(played).slice(0, 8)}`;
}

/**
 * A comparison's real side as a recorded case, the JSON `recordCase` writes (the playground downloads it as is).
 * `alternatives`: what further runs of the same case observed where they differ from this one (a host that is
 * nondeterministic there).
 */
export function recordedCaseOf(c: RealComparison, scenario: Scenario, id = caseIdOf(scenario, c.played), alternatives: unknown[] = []): RecordedCase {
  return {
    case: id,
    ...(scenario.title ? { title: scenario.title } : {}),
    host: { id: c.host, version: c.version },
    recordedAt: new Date().toISOString().slice(0, 10),
    caseHash: caseHashOf(c.played),
    scenario,
    played: c.played,
    focus: c.focus,
    observed: c.observations.real,
    cli: { exitCode: c.cli.exitCode, signal: c.cli.signal, ms: c.cli.ms, otherTraffic: c.cli.otherTraffic },
    ...(alternatives.length ? { alternatives } : {}),
  };
}

/** Writes a comparison's real side as a recorded case under `dir/<host>/<version>/`; returns its path. */
export function recordCase(c: RealComparison, scenario: Scenario, dir: string, id = caseIdOf(scenario, c.played), alternatives: unknown[] = []): string {
  const recorded = recordedCaseOf(c, scenario, id, alternatives);
  const folder = join(dir, c.host, c.version);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${id}.json`);
  writeFileSync(path, `${JSON.stringify(recorded, null, 2)}\n`);
  return path;
}

/** Every recorded case under `dir` (`<host>/<version>/<case>.json`). */
export function loadRecordedCases(dir: string): { path: string; recorded: RecordedCase }[] {
  const out: { path: string; recorded: RecordedCase }[] = [];
  if (!existsSync(dir)) return out;
  for (const host of readdirSync(dir)) {
    if (!isRealHostId(host)) continue;
    for (const version of readdirSync(join(dir, host))) {
      const folder = join(dir, host, version);
      for (const name of readdirSync(folder).filter((n) => n.endsWith('.json')).sort()) {
        const path = join(folder, name);
        out.push({ path, recorded: JSON.parse(readFileSync(path, 'utf8')) as RecordedCase });
      }
    }
  }
  return out;
}

/**
 * Plays a recorded case's session through the engine as the real run was launched, and lists how the engine
 * differs from what the host did. A case the host answered in several ways agrees when any of them matches.
 */
export async function replayCase(recorded: RecordedCase, signal?: AbortSignal): Promise<{ differences: Difference[]; stale: boolean; codes: Set<string> }> {
  const adapter = ADAPTERS[recorded.host.id];
  if (!adapter) throw new Error(`no adapter for ${recorded.host.id}`);
  const script = adapter.script(recorded.played);
  if (cannotExpress(script)) throw new Error(`the recorded case ${recorded.case} can no longer be played: ${script.problems.map((p) => p.message).join('; ')}`);
  const emulated = await adapter.emulate(recorded.played, script, tmpdir(), signal);
  const codes = ruleCodesOf(emulated.outcome);
  const observations = [recorded.observed, ...(recorded.alternatives ?? [])];
  let best: Difference[] | null = null;
  for (const observed of observations) {
    const differences = adapter.compare(observed, emulated.observation);
    if (!best || differences.length < best.length) best = differences;
    if (differences.length === 0) break;
  }
  return { differences: best ?? [], stale: caseHashOf(recorded.played) !== recorded.caseHash, codes };
}
