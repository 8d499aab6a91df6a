import type { RealHostAdapter } from '../../adapter.js';
import { compareGemini } from './compare.js';
import { emulateGemini } from './emulate.js';
import type { GeminiObservation } from './observe.js';
import { runOnGemini } from './run.js';
import { scriptOf, type GeminiScript } from './script.js';
import { viewOf } from './view.js';
import { wrapEvent } from './wrap.js';

/** Gemini CLI: the Gemini API's streamGenerateContent at the mock, one `gemini -p --yolo`, a bash probe for hooks and tool shells. */
export const geminiCliAdapter: RealHostAdapter<GeminiScript, GeminiObservation> = {
  id: 'gemini-cli',
  wrap: wrapEvent,
  script: (session) => scriptOf(session),
  run: async (session, script, options) => {
    const run = await runOnGemini(session, script, options);
    return { observation: run.observation, cli: run.cli, ...(run.kept ? { kept: run.kept } : {}), raw: run.raw };
  },
  emulate: emulateGemini,
  compare: compareGemini,
  view: viewOf,
};
