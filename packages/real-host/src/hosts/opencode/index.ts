import type { RealHostAdapter } from '../../adapter.js';
import { compareOpenCode } from './compare.js';
import { emulateOpenCode } from './emulate.js';
import type { OpenCodeObservation } from './observe.js';
import { runOnOpenCode } from './run.js';
import { scriptOf, type OpenCodeScript } from './script.js';
import { viewOf } from './view.js';
import { wrapEvent } from './wrap.js';

/** OpenCode: chat completions against the mock through a custom provider, one `opencode run PROMPT --format json` per session. */
export const opencodeAdapter: RealHostAdapter<OpenCodeScript, OpenCodeObservation> = {
  id: 'opencode',
  wrap: wrapEvent,
  script: (session) => scriptOf(session),
  run: async (session, script, options) => {
    const run = await runOnOpenCode(session, script, options);
    return { observation: run.observation, cli: run.cli, ...(run.kept ? { kept: run.kept } : {}), raw: run.raw };
  },
  emulate: emulateOpenCode,
  compare: compareOpenCode,
  view: viewOf,
};
