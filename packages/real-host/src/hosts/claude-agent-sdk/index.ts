import { mkdirSync } from 'node:fs';
import { playSession } from '@hookplay/engine';
import type { RealHostAdapter } from '../../adapter.js';
import { compareClaude } from '../claude-code/compare.js';
import { API_VIA } from '../claude-code/emulate.js';
import type { ClaudeObservation } from '../claude-code/observe.js';
import { viewOf } from '../claude-code/view.js';
import { wrapEvent } from '../claude-code/wrap.js';
import { runOnSdk } from './run.js';
import { scriptOf, type SdkScript } from './script.js';

/**
 * The Claude Agent SDK: an app calls query(), which runs the Claude Code CLI the SDK bundles. The mock, the reading
 * of a run, the one-event wrapping and the comparison are Claude Code's (the same CLI, the same stream); the app
 * around it and what only the app sees (callbacks, canUseTool) are this adapter's.
 */
export const claudeAgentSdkAdapter: RealHostAdapter<SdkScript, ClaudeObservation> = {
  id: 'claude-agent-sdk',
  wrap: wrapEvent,
  script: scriptOf,
  run: async (session, script, options) => {
    const run = await runOnSdk(session, script, options);
    return { observation: run.observation, cli: run.cli, ...(run.kept ? { kept: run.kept } : {}), raw: { callbacks: run.callbacks, thrown: run.thrown } };
  },
  emulate: (scenario, _script, tmpDir, signal) => {
    mkdirSync(tmpDir, { recursive: true });
    return playSession(scenario, { tmpDir, ...(signal ? { signal } : {}), lifecycleOptions: { perRequest: true, apiVia: API_VIA } });
  },
  compare: (real, emulated) => compareClaude(real, emulated),
  view: viewOf,
};
