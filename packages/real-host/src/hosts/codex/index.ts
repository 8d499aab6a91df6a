import type { RealHostAdapter } from '../../adapter.js';
import { compareCodex } from './compare.js';
import { emulateCodex } from './emulate.js';
import type { CodexObservation } from './observe.js';
import { runOnCodex } from './run.js';
import { scriptOf, type CodexScript } from './script.js';
import { viewOf } from './view.js';
import { wrapEvent } from './wrap.js';

/** The engine's lifecycle hands its observation with the first call's timing: `{observed, gapMs}`. */
const unwrap = (o: CodexObservation | { observed: CodexObservation }): CodexObservation => ('observed' in o ? o.observed : o);

/** Codex CLI: the Responses API, one `codex exec --json` per prompt (resumed), a probe on BASH_ENV for the hooks it ran. */
export const codexAdapter: RealHostAdapter<CodexScript, CodexObservation> = {
  id: 'codex',
  wrap: wrapEvent,
  script: scriptOf,
  run: async (session, script, options) => {
    const run = await runOnCodex(session, script, options);
    return { observation: run.observation, cli: run.cli, ...(run.kept ? { kept: run.kept } : {}), raw: { payloads: run.payloads, gapsMs: run.gapsMs, warnings: run.warnings } };
  },
  emulate: emulateCodex,
  compare: (real, emulated) => compareCodex(unwrap(real), unwrap(emulated)),
  view: (o, script, focus) => viewOf(unwrap(o), script, focus),
};
