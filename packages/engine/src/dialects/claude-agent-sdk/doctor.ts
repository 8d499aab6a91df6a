import type { DoctorFacts } from '../doctor-facts.js';
import { claudeCodeDoctor } from '../claude-code/doctor.js';

/** The tools of the Claude Code build the SDK bundles; plugins are the app's (`plugins` option), not found on disk. */
export const claudeAgentSdkDoctor: DoctorFacts = {
  tools: claudeCodeDoctor.tools,
  complete: claudeCodeDoctor.complete,
  ...(claudeCodeDoctor.mcpNames ? { mcpNames: claudeCodeDoctor.mcpNames } : {}),
  source: 'Claude Code tools reference (the CLI the SDK bundles)',
  ...(claudeCodeDoctor.unpinnedSources ? { unpinnedSources: claudeCodeDoctor.unpinnedSources } : {}),
};
