import type { RecordedRules } from '../../evidence.js';
import { RECORDED_RULES as V1_0_41 } from './v1_0_41.js';
import { RECORDED_RULES as V2_0_76 } from './v2_0_76.js';
import { RECORDED_RULES as V2_1_47 } from './v2_1_47.js';
import { RECORDED_RULES as V2_1_143 } from './v2_1_143.js';

/**
 * The generated tables of the older listed versions (`npm run oracle -- --replay --version V` writes each): per rule
 * code, the recorded cases of that version that replay in agreement while the engine states it.
 */
export const OLDER_RECORDED_RULES: Record<string, RecordedRules> = {
  [V1_0_41.version]: V1_0_41,
  [V2_0_76.version]: V2_0_76,
  [V2_1_47.version]: V2_1_47,
  [V2_1_143.version]: V2_1_143,
};
