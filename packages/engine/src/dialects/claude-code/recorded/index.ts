import type { RecordedRules } from '../evidence.js';
import v1_0_41 from './1.0.41.json' with { type: 'json' };
import v2_0_76 from './2.0.76.json' with { type: 'json' };
import v2_1_47 from './2.1.47.json' with { type: 'json' };
import v2_1_143 from './2.1.143.json' with { type: 'json' };
import v2_1_332 from './2.1.332.json' with { type: 'json' };

/**
 * Per listed version, the table the replay writes (oracle/lib/recorded-rules.mjs, `npm run oracle -- --replay
 * [--version V]`): per rule code, the recorded cases of that version that replay in agreement while the engine
 * states it. Data, not code: the replay tests compare each file with what the fixtures show.
 */
export const RECORDED_RULES_BY_VERSION: Record<string, RecordedRules> = Object.fromEntries(
  ([v1_0_41, v2_0_76, v2_1_47, v2_1_143, v2_1_332] as RecordedRules[]).map((t) => [t.version, t]),
);

/** The newest build's table: the one the unversioned dialect's evidence cites. */
export const RECORDED_RULES: RecordedRules = v2_1_332;
