import type { PortTable } from '../../port/types.js';
import { claudeCodePort } from '../claude-code/port.js';

/**
 * The Agent SDK reads Claude Code's settings files with Claude Code's vocabulary: a Claude hook ports as it is. Whether
 * it then loads is settingSources' (the default loads every file on 0.3.332).
 */
export const claudeAgentSdkPort: PortTable = { ...claudeCodePort, id: 'claude-agent-sdk', source: 'Claude Agent SDK docs (hooks, settingSources) and Claude Code hooks reference' };
