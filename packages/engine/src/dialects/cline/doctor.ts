import type { DoctorFacts } from '../doctor-facts.js';
import { looksMisplaced } from './folders.js';

/** The tools Cline CLI 3.0.65 offers the model (recorded: the tools of every model request), which hooks see as tool_call.name. */
export const CLINE_TOOLS = ['read_files', 'search_codebase', 'run_commands', 'fetch_web_content', 'apply_patch', 'ask_question', 'spawn_agent'] as const;

export const clineDoctor: DoctorFacts = {
  tools: CLINE_TOOLS,
  complete: false,
  source: 'the tools of the model requests Cline CLI 3.0.65 made (team_* tools left out)',
  // Hook files in folders the CLI does not read are read too, so the loader can say it never runs them.
  extraConfigs: (paths) => ({ files: paths.filter(looksMisplaced), host: {} }),
};
