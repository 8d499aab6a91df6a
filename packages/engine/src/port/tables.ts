import { claudeCodePort } from '../dialects/claude-code/port.js';
import { clinePort } from '../dialects/cline/port.js';
import { codexPort } from '../dialects/codex/port.js';
import { copilotCliPort } from '../dialects/copilot-cli/port.js';
import { geminiCliPort } from '../dialects/gemini-cli/port.js';
import type { DialectId } from '../dialects/ids.js';
import { meworkPort } from '../dialects/mework/port.js';
import { mirriPort } from '../dialects/mirri/port.js';
import { openStrixPort } from '../dialects/open-strix/port.js';
import { qwenCodePort } from '../dialects/qwen-code/port.js';
import { claudeAgentSdkPort } from '../dialects/claude-agent-sdk/port.js';
import { cursorPort } from '../dialects/cursor/port.js';
import { opencodePort } from '../dialects/opencode/port.js';
import { CANONICAL_EVENTS, type CanonicalEvent, type CanonicalTool, type PortTable } from './types.js';

/** Every host's port table, declared in its own dialect folder. */
export const PORT_TABLES: Record<DialectId, PortTable> = {
  mirri: mirriPort,
  mework: meworkPort,
  'open-strix': openStrixPort,
  'claude-code': claudeCodePort,
  codex: codexPort,
  'gemini-cli': geminiCliPort,
  'copilot-cli': copilotCliPort,
  'qwen-code': qwenCodePort,
  'claude-agent-sdk': claudeAgentSdkPort,
  cursor: cursorPort,
  opencode: opencodePort,
  cline: clinePort,
};

/** The host's name for a canonical event, or null when its catalog has no equivalent. */
export function hostEvent(table: PortTable, canonical: CanonicalEvent): string | null {
  const name = table.eventNames?.[canonical] ?? canonical;
  return table.catalog.some((e) => e.name === name) ? name : null;
}

/** The canonical name of one of the host's events (or of a canonical name it accepts as written), else null. */
export function canonicalEvent(table: PortTable, event: string): CanonicalEvent | null {
  for (const c of CANONICAL_EVENTS) if (hostEvent(table, c) === event) return c;
  if ((CANONICAL_EVENTS as readonly string[]).includes(event) && (table.acceptsCanonicalNames || hostEvent(table, event as CanonicalEvent))) return event as CanonicalEvent;
  return null;
}

/** The canonical name of one of the host's tools, or null for a tool the vocabulary lacks. */
export function canonicalTool(table: PortTable, tool: string): CanonicalTool | null {
  for (const [canonical, name] of Object.entries(table.tools)) if (name === tool) return canonical as CanonicalTool;
  return null;
}
