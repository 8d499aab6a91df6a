import type { RecordedRules } from '../../claude-code/evidence.js';
import v0_3_332 from './0.3.332.json' with { type: 'json' };

/**
 * The table the replay writes (`npm run oracle -- --host claude-agent-sdk --replay`, oracle/lib/recorded-rules.mjs):
 * per rule code, the recorded SDK cases that replay in agreement while the engine states it. Data, not code: the
 * replay test compares it with what the recordings show.
 */
export const RECORDED_RULES: RecordedRules = v0_3_332 as RecordedRules;
