import type { RealHostAdapter } from '../../adapter.js';
import { compareCline } from './compare.js';
import { emulateCline } from './emulate.js';
import type { ClineObservation } from './observe.js';
import { runOnCline } from './run.js';
import { scriptOf, type ClineScript } from './script.js';
import { viewOf } from './view.js';
import { wrapEvent } from './wrap.js';

/** Cline CLI: chat completions against the mock, one jailed `cline --json PROMPT` per session, a probe for sh/bash hook runs. */
export const clineAdapter: RealHostAdapter<ClineScript, ClineObservation> = {
  id: 'cline',
  wrap: wrapEvent,
  script: (session) => scriptOf(session),
  run: async (session, script, options) => {
    const run = await runOnCline(session, script, options);
    return { observation: run.observation, cli: run.cli, ...(run.kept ? { kept: run.kept } : {}), raw: run.raw };
  },
  emulate: emulateCline,
  compare: compareCline,
  view: viewOf,
};
