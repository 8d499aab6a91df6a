import type { Dialect, HookEntry } from './dialect.js';
import type { DialectId } from './ids.js';
import { claudeCode } from './claude-code/index.js';
import { cline } from './cline/index.js';
import { codex } from './codex/index.js';
import { copilotCli } from './copilot-cli/index.js';
import { geminiCli } from './gemini-cli/index.js';
import { mework } from './mework/index.js';
import { mirri } from './mirri/index.js';
import { openStrix } from './open-strix/index.js';
import { qwenCode } from './qwen-code/index.js';
import { claudeAgentSdk } from './claude-agent-sdk/index.js';
import { cursor } from './cursor/index.js';
import { opencode } from './opencode/index.js';

const erase = <E extends HookEntry>(d: Dialect<E>) => d as unknown as Dialect<HookEntry>;

/** The registry: one line per host. */
export const DIALECTS: Record<DialectId, Dialect<HookEntry>> = {
  mirri: erase(mirri),
  mework: erase(mework),
  'open-strix': erase(openStrix),
  'claude-code': erase(claudeCode),
  codex: erase(codex),
  'gemini-cli': erase(geminiCli),
  'copilot-cli': erase(copilotCli),
  'qwen-code': erase(qwenCode),
  'claude-agent-sdk': erase(claudeAgentSdk),
  cursor: erase(cursor),
  opencode: erase(opencode),
  cline: erase(cline),
};

export function getDialect(id: DialectId): Dialect<HookEntry> {
  const dialect = DIALECTS[id];
  if (!dialect) throw new Error(`unknown dialect "${id}"`);
  return dialect;
}
