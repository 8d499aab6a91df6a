import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CopilotLifecycleOptions, Observation } from '../../dialects/copilot-cli/lifecycle.js';
import type { Outcome } from '../../outcome.js';
import type { JsonObject } from '../../util/json.js';
import { playSession } from '../play.js';
import type { SessionStep } from '../steps.js';

export { STOP_CONTINUATION_CAP, type Message, type Observation } from '../../dialects/copilot-cli/lifecycle.js';

/**
 * The oracle's view of a `copilot -p "do it" --allow-all` run: one prompt, at most one bash call the mock model
 * makes, and the mock's `FINAL_TEXT_<n>` replies, played through the engine's session player with the copilot-cli
 * lifecycle. Not part of the engine's public API: oracle/hosts/copilot-cli/run.mjs and the replay test use it.
 */
export interface SessionInput {
  files: Record<string, string>;
  /** The bash tool arguments the model asks for; `null`: a text-only answer. Default: `echo original`. */
  tool?: JsonObject | null;
  /** Whether the folder is trusted (`--trust-folder`). Default true. */
  trusted?: boolean;
  env?: Record<string, string>;
  prompt?: string;
}

export interface SessionResult {
  observation: Observation;
  steps: { event: string; outcome: Outcome }[];
}

export const DEFAULT_TOOL_ARGS: JsonObject = { command: 'echo original', description: 'run the command' };

export async function simulateSession(session: SessionInput): Promise<SessionResult> {
  const tool = session.tool === undefined ? DEFAULT_TOOL_ARGS : session.tool;
  const steps: SessionStep[] = [{ prompt: session.prompt ?? 'do it' }, ...(tool ? [{ tool: 'bash', input: tool }] : [])];
  const tmp = await realpath(await mkdtemp(join(tmpdir(), 'hookplay-copilot-')));
  // The oracle's hooks log `@hook <event>` lines to $ORACLE_LOG: the simulation counts them the same way.
  const hookLog = join(tmp, 'hooks.log');
  const options: CopilotLifecycleOptions = { oracleReplies: true };
  try {
    const played = await playSession(
      {
        hookplay: 1,
        dialect: 'copilot-cli',
        host: { trusted: session.trusted !== false, env: { ...session.env, ORACLE_LOG: hookLog } },
        files: session.files,
        payload: {},
        session: { steps },
      },
      { tmpDir: tmp, lifecycleOptions: options as Record<string, unknown> },
    );
    if (played.observation === undefined) throw new Error(played.outcome.diagnostics.map((d) => d.message).join('; '));
    const observation = played.observation as Observation;
    const lines = existsSync(hookLog) ? (await readFile(hookLog, 'utf8')).split('\n') : [];
    for (const line of lines) {
      const m = /^@hook (\S+)/.exec(line);
      if (m) observation.hookRuns[m[1]!] = (observation.hookRuns[m[1]!] ?? 0) + 1;
    }
    return { observation, steps: played.outcome.steps.flatMap((s) => s.events) };
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}
