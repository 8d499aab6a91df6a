import type { RealHostAdapter } from '../../adapter.js';
import { compareClaude } from './compare.js';
import { emulateClaudeCode } from './emulate.js';
import type { ClaudeObservation } from './observe.js';
import { runOnClaudeCode } from './run.js';
import { scriptOf, type ClaudeScript } from './script.js';
import { viewOf } from './view.js';
import { wrapEvent } from './wrap.js';

/** Claude Code: Anthropic's Messages API, stream-json in and out, a stdio permission host, probes for what it ran. */
export const claudeCodeAdapter: RealHostAdapter<ClaudeScript, ClaudeObservation> = {
  id: 'claude-code',
  wrap: wrapEvent,
  script: scriptOf,
  run: async (session, script, options) => {
    const run = await runOnClaudeCode(session, script, options);
    return { observation: run.observation, cli: run.cli, ...(run.kept ? { kept: run.kept } : {}), raw: { hookEvents: run.hookEvents, capabilities: run.capabilities } };
  },
  emulate: emulateClaudeCode,
  compare: (real, emulated) => compareClaude(real, emulated),
  view: viewOf,
};
