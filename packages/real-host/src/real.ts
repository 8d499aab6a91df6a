import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { checkSession, getDialect, isSessionScenario, type PlayedSession, type SandboxConfig, type EventScenario, type Outcome, type Scenario, type SessionOutcome, type SessionScenario } from '@hookplay/engine';
import type { CliFacts } from './adapter.js';
import { requireInstalled, type Installed } from './cache/install.js';
import { cacheRoot, runsDir } from './cache/paths.js';
import { HOST_PACKAGES, isRealHostId, REAL_HOST_IDS, verifiedVersions, type RealHostId } from './catalog.js';
import type { Difference } from './compare.js';
import { ADAPTERS } from './hosts/index.js';
import { cannotExpress, CannotExpressError } from './plan.js';

export interface RealOptions {
  /** The host version to run; default: the scenario's `host.version`, else the newest the dialect models. */
  version?: string;
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
  timeoutMs?: number;
  keep?: boolean;
  /** The cache holding installed hosts (default: the user's, see cache/paths.ts). */
  cache?: string;
  /** `serve --sandbox`: the CLI and its hooks run in the server's sandbox. */
  sandbox?: SandboxConfig;
}

export interface RealComparison {
  host: RealHostId;
  version: string;
  /** The version the emulation applied (the same, unless the real one is not a modelled version). */
  emulatedVersion: string | null;
  kind: 'event' | 'session';
  /** A one-event scenario: its event, whose outcome is compared. */
  focus: string | null;
  /** The session both sides played (for a one-event scenario, the one that reaches its event), with the version the emulation applied. */
  played: SessionScenario;
  /** The engine's outcome: the focus event's for a one-event scenario, else the session's. */
  emulated: Outcome | SessionOutcome;
  /** The emulation read the way the real run is read, so the two columns compare field by field. */
  emulatedView: Record<string, unknown>;
  real: Record<string, unknown>;
  differences: Difference[];
  /** What the harness had to change, and what it cannot observe. */
  notes: string[];
  cli: CliFacts;
  /** The rules the emulation stated along the session (diagnostic codes and the matcher rules behind "why"). */
  codes: string[];
  /** Both readings whole, for a recorded case. */
  observations: { real: unknown; emulated: unknown };
  kept?: string;
}

export class RealRunError extends Error {
  constructor(
    message: string,
    readonly cli?: CliFacts,
  ) {
    super(message);
    this.name = 'RealRunError';
  }
}

/** A scenario whose host hookplay cannot run for real (a documented-only host, or one without an adapter yet). */
export class NoRealHostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoRealHostError';
  }
}

/** The host a scenario runs on for real: its dialect's CLI, when hookplay can drive it. */
export function realHostOf(scenario: Scenario): RealHostId {
  const id = scenario.dialect;
  if (!isRealHostId(id)) throw new NoRealHostError(`${getDialect(id).label} has no real CLI hookplay can run (its rules come from its documentation only); the hosts with one are ${REAL_HOST_IDS.join(', ')}`);
  if (!ADAPTERS[id]) throw new NoRealHostError(`running ${HOST_PACKAGES[id].label} for real is not supported yet`);
  return id;
}

/**
 * Runs a scenario on the host's real CLI and through the engine, the same session on both sides, and lists where
 * they part. Nothing runs when the scenario holds something the real host cannot be made to play (the error
 * names each part), when the version is not installed, or when no namespace can be made for it.
 */
export async function runReal(scenario: Scenario, options: RealOptions = {}): Promise<RealComparison> {
  const host = realHostOf(scenario);
  const adapter = ADAPTERS[host]!;
  const modelled = verifiedVersions(host);
  const version = options.version ?? scenario.host?.version ?? modelled[0]!;
  // The emulation applies the version's own rules where hookplay models it, else the scenario's (or the default).
  const emulatedVersion = modelled.includes(version) ? version : (scenario.host?.version ?? null);
  const notes: string[] = [];
  if (!modelled.includes(version)) notes.push(`hookplay does not model ${HOST_PACKAGES[host].label} ${version}: the emulation applies ${emulatedVersion ?? `its default (${modelled[0]})`}`);

  let played: SessionScenario;
  let focus: string | null = null;
  if (isSessionScenario(scenario)) played = scenario;
  else {
    const wrapped = adapter.wrap(scenario as EventScenario);
    if (cannotExpress(wrapped)) throw new CannotExpressError(HOST_PACKAGES[host].label, wrapped.problems);
    played = wrapped.session;
    focus = wrapped.focus;
    notes.push(...wrapped.notes);
  }
  const withVersion: SessionScenario = { ...played, host: { ...(played.host ?? {}), ...(emulatedVersion ? { version: emulatedVersion } : {}) } };
  if (!emulatedVersion && withVersion.host && 'version' in withVersion.host) delete withVersion.host.version;
  const script = adapter.script(withVersion);
  if (cannotExpress(script)) throw new CannotExpressError(HOST_PACKAGES[host].label, script.problems);
  // Only a scenario the host can play asks for the install: what it cannot play is said either way.
  const installed: Installed = requireInstalled(host, version, options.cache ?? cacheRoot());

  const runs = runsDir(options.cache ?? cacheRoot());
  mkdirSync(runs, { recursive: true });
  // An invalid session is reported before the CLI starts.
  const invalid = checkSession(withVersion);
  if (invalid.length) throw new CannotExpressError(HOST_PACKAGES[host].label, invalid.map((d) => ({ path: 'session', message: d.message })));
  const real = await adapter.run(withVersion, script, {
    installed,
    runsDir: runs,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.keep ? { keep: true } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
  const cli = real.cli;
  if (cli.cancelled) throw new RealRunError('the real run was cancelled; the CLI and everything it started were stopped', cli);
  if (cli.timedOut) throw new RealRunError(`the real ${HOST_PACKAGES[host].label} ${version} did not finish within ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s: it was killed with everything it started${cli.stderrHead ? `; its last words: ${cli.stderrHead}` : ''}`, cli);
  const requests = (real.observation as { requests?: number }).requests ?? 0;
  if ((cli.exitCode !== 0 || cli.signal) && requests === 0 && !cli.started && !cli.refused) {
    throw new RealRunError(`the real ${HOST_PACKAGES[host].label} ${version} exited with ${cli.signal ?? `code ${cli.exitCode}`} before asking the model anything${cli.stderrHead ? `: ${cli.stderrHead}` : ''}`, cli);
  }
  // The emulation plays the same session under the same deadline: a hook that hangs there is said, not waited for.
  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const emulated = await adapter.emulate(withVersion, script, tmpdir(), options.signal ? AbortSignal.any([options.signal, deadline]) : deadline).catch((e: unknown) => {
    if (deadline.aborted && !options.signal?.aborted) throw new RealRunError(`the emulation of this scenario did not finish within ${Math.round(timeoutMs / 1000)} s (the real CLI did): its hooks were stopped`, cli);
    throw e;
  });
  if (cli.otherTraffic.length) notes.push(`the CLI tried to reach ${cli.otherTraffic.map((o) => `${o.method} ${o.url}`).join(', ')}: refused (its network namespace has only the mock)`);

  const focusOutcome = focus ? emulated.outcome.steps.flatMap((s) => s.events).find((e) => e.event === focus)?.outcome : undefined;
  return {
    host,
    version,
    emulatedVersion,
    kind: focus ? 'event' : 'session',
    focus,
    played: withVersion,
    emulated: focusOutcome ?? emulated.outcome,
    emulatedView: adapter.view(emulated.observation, script, focus),
    real: adapter.view(real.observation, script, focus),
    differences: adapter.compare(real.observation, emulated.observation),
    codes: [...ruleCodesOf(emulated.outcome)],
    notes,
    cli,
    observations: { real: real.observation, emulated: emulated.observation },
    ...(real.kept ? { kept: real.kept } : {}),
  };
}

/** Every rule an emulated session stated: its diagnostics' codes and the matcher rules behind each hook's "why". */
export function ruleCodesOf(outcome: PlayedSession['outcome']): Set<string> {
  const codes = new Set<string>();
  for (const step of outcome.steps) {
    for (const d of step.diagnostics) codes.add(d.code);
    for (const { outcome: o } of step.events) {
      for (const d of o.diagnostics) codes.add(d.code);
      for (const h of o.hooks) if (h.whyRule) codes.add(h.whyRule);
    }
  }
  return codes;
}

/**
 * The same real run against the engine under another version's rules: a build between two modelled ones is
 * checked against both neighbours without running it twice.
 */
export async function reemulate(c: RealComparison, version: string, signal?: AbortSignal): Promise<{ differences: Difference[]; codes: string[] }> {
  const adapter = ADAPTERS[c.host]!;
  const played: SessionScenario = { ...c.played, host: { ...(c.played.host ?? {}), version } };
  const script = adapter.script(played);
  if (cannotExpress(script)) throw new CannotExpressError(HOST_PACKAGES[c.host].label, script.problems);
  const emulated = await adapter.emulate(played, script, tmpdir(), signal);
  return { differences: adapter.compare(c.observations.real, emulated.observation), codes: [...ruleCodesOf(emulated.outcome)] };
}
