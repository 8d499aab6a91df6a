import type { RealHostAdapter } from '../../adapter.js';
import { compareCopilot } from './compare.js';
import { emulateCopilot } from './emulate.js';
import type { CopilotObservation } from './observe.js';
import { runOnCopilot } from './run.js';
import { scriptOf, type CopilotScript } from './script.js';
import { viewOf } from './view.js';
import { wrapEvent } from './wrap.js';

/** Copilot CLI: BYOK chat completions against the mock (COPILOT_OFFLINE), one `copilot -p` per prompt, a bash probe for hook runs. */
export const copilotCliAdapter: RealHostAdapter<CopilotScript, CopilotObservation> = {
  id: 'copilot-cli',
  wrap: wrapEvent,
  script: (session) => scriptOf(session),
  run: async (session, script, options) => {
    const run = await runOnCopilot(session, script, options);
    return { observation: run.observation, cli: run.cli, ...(run.kept ? { kept: run.kept } : {}), raw: run.raw };
  },
  emulate: emulateCopilot,
  compare: compareCopilot,
  view: viewOf,
};
