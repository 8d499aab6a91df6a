import type { EventScenario, PlayedSession, SandboxConfig, SessionScenario } from '@hookplay/engine';
import type { Installed } from './cache/install.js';
import type { RealHostId } from './catalog.js';
import type { Difference } from './compare.js';
import type { CannotExpress } from './plan.js';

/** How the CLI run itself went, whatever the hooks did. */
export interface CliFacts {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  ms: number;
  stderrHead: string;
  /** What the CLI tried to reach besides the mock (refused). */
  otherTraffic: { method: string; url: string | undefined }[];
  /**
   * The CLI started its session (the adapter saw it), even if it never asked the model: a non-zero exit without a
   * request is then the session's own end (a hook blocked the prompt), not a CLI that failed to start.
   */
  started?: boolean;
  /**
   * The CLI refused to start on purpose, saying why (an untrusted folder, settings it cannot read): what it did is
   * then the case's observation, not a harness failure.
   */
  refused?: boolean;
}

export interface RealRunOptions {
  installed: Installed;
  runsDir: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
  keep?: boolean;
  /** Run the CLI in the server's sandbox (see jail/launch.ts); `sandboxRun()` prepares the run directory for it. */
  sandbox?: SandboxConfig;
}

/** What one host adds to the shared harness: how a scenario becomes a real run, and how that run is read. */
export interface RealHostAdapter<Script = unknown, Observation = unknown> {
  id: RealHostId;
  /** A one-event scenario as the session that makes the real host fire that event. */
  wrap(scenario: EventScenario): { session: SessionScenario; focus: string; notes: string[] } | CannotExpress;
  /** The mock's script and the host's flags from a session's steps, or what the host cannot be made to play. */
  script(session: SessionScenario): Script | CannotExpress;
  run(session: SessionScenario, script: Script, options: RealRunOptions): Promise<{ observation: Observation; cli: CliFacts; kept?: string; raw?: unknown }>;
  /** The same session through the engine, set up as the real run was launched. */
  emulate(session: SessionScenario, script: Script, tmpDir: string, signal?: AbortSignal): Promise<PlayedSession>;
  compare(real: Observation, emulated: Observation): Difference[];
  /** The observation as outcome-like fields (what the harness can see, nothing guessed). */
  view(observation: Observation, script: Script, focus: string | null): Record<string, unknown>;
}
