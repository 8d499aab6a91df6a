import { CannotExpressError, HostNotInstalledError, JailUnavailableError, NoRealHostError, listInstalled, REAL_HOST_IDS, recordedCaseOf, runReal, type RealComparison } from '@hookplay/real-host';
import { RunCancelledError, type SandboxConfig, type Scenario } from '@hookplay/engine';
import type { RealResult } from '../protocol.js';

export interface RealRunRequest {
  version: string | undefined;
  signal: AbortSignal;
  onProgress: (line: string) => void;
  sandbox?: SandboxConfig;
}

/** How a real run ends for a client: its result, or a refusal saying why it did not start. */
export type RealRunAnswer = { result: RealResult } | { rejected: { reason: 'invalid' | 'unavailable'; message: string; problems?: { path: string; message: string }[] } };

/**
 * The wire form of a comparison: both sides and their differences, and the real side as a recorded case (the
 * scenario as the client sent it, so it is theirs to save); nothing of the run's directories.
 */
export function toRealResult(c: RealComparison, scenario?: Scenario): RealResult {
  return {
    host: c.host,
    version: c.version,
    emulatedVersion: c.emulatedVersion,
    kind: c.kind,
    ...(c.focus ? { event: c.focus } : {}),
    emulated: c.emulated,
    emulatedView: c.emulatedView,
    real: c.real,
    differences: c.differences,
    notes: c.notes,
    ms: c.cli.ms,
    ...(scenario ? { recording: recordedCaseOf(c, scenario) as unknown as NonNullable<RealResult['recording']> } : {}),
  };
}

/**
 * Runs a scenario on the real CLI installed on this machine (a server, or a worker): what cannot start (not
 * installed, not expressible, no namespace) is a refusal with its reason; a CLI that failed or hung is an error.
 */
export async function runRealHere(scenario: Scenario, request: RealRunRequest): Promise<RealRunAnswer> {
  try {
    const c = await runReal(scenario, {
      ...(request.version ? { version: request.version } : {}),
      signal: request.signal,
      onProgress: request.onProgress,
      ...(request.sandbox ? { sandbox: request.sandbox } : {}),
    });
    return { result: toRealResult(c, scenario) };
  } catch (e) {
    if (request.signal.aborted) throw new RunCancelledError();
    if (e instanceof CannotExpressError) return { rejected: { reason: 'invalid', message: `the real ${e.host} cannot play this scenario as written`, problems: e.problems.map((p) => ({ path: p.path, message: p.message })) } };
    if (e instanceof HostNotInstalledError || e instanceof JailUnavailableError) return { rejected: { reason: 'unavailable', message: e.message } };
    if (e instanceof NoRealHostError) return { rejected: { reason: 'invalid', message: e.message } };
    throw e;
  }
}

/** The real host CLIs installed on this machine, for the playground's "Check on the real CLI". */
export function installedRealHosts(): { host: string; versions: string[] }[] {
  const installed = listInstalled().filter((i) => i.state === 'installed');
  return REAL_HOST_IDS.map((host) => ({ host, versions: installed.filter((i) => i.host === host).map((i) => i.version) })).filter((h) => h.versions.length);
}
