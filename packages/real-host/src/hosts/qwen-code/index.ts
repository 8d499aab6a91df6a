import type { RealHostAdapter } from '../../adapter.js';
import { compareQwen } from './compare.js';
import { emulateQwen } from './emulate.js';
import type { QwenObservation } from './observe.js';
import { runOnQwen } from './run.js';
import { scriptOf, type QwenScript } from './script.js';
import { viewOf } from './view.js';
import { wrapEvent } from './wrap.js';

/** Qwen Code: chat completions against the mock, one `qwen PROMPT --yolo -o stream-json` per prompt, probes for hook runs. */
export const qwenCodeAdapter: RealHostAdapter<QwenScript, QwenObservation> = {
  id: 'qwen-code',
  wrap: wrapEvent,
  script: (session) => scriptOf(session),
  run: async (session, script, options) => {
    const run = await runOnQwen(session, script, options);
    return { observation: run.observation, cli: run.cli, ...(run.kept ? { kept: run.kept } : {}), raw: run.raw };
  },
  emulate: emulateQwen,
  compare: compareQwen,
  view: viewOf,
};
