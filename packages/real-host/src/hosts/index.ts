import type { RealHostAdapter } from '../adapter.js';
import type { RealHostId } from '../catalog.js';
import { claudeCodeAdapter } from './claude-code/index.js';
import { clineAdapter } from './cline/index.js';
import { copilotCliAdapter } from './copilot-cli/index.js';
import { codexAdapter } from './codex/index.js';
import { geminiCliAdapter } from './gemini-cli/index.js';
import { qwenCodeAdapter } from './qwen-code/index.js';
import { claudeAgentSdkAdapter } from './claude-agent-sdk/index.js';
import { opencodeAdapter } from './opencode/index.js';

/** Each host's own part of the harness; a host without one can be installed but not yet run. */
export const ADAPTERS: Partial<Record<RealHostId, RealHostAdapter<any, any>>> = {
  'claude-code': claudeCodeAdapter,
  'copilot-cli': copilotCliAdapter,
  codex: codexAdapter,
  'gemini-cli': geminiCliAdapter,
  'qwen-code': qwenCodeAdapter,
  'claude-agent-sdk': claudeAgentSdkAdapter,
  opencode: opencodeAdapter,
  cline: clineAdapter,
};
