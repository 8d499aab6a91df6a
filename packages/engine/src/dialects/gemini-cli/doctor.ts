import type { DoctorFacts } from '../doctor-facts.js';

/** Gemini CLI's built-in tool names (snake_case), which its matchers test. */
export const geminiDoctor: DoctorFacts = {
  tools: ['run_shell_command', 'read_file', 'read_many_files', 'write_file', 'replace', 'glob', 'grep_search', 'search_file_content', 'list_directory', 'web_fetch', 'google_web_search', 'save_memory', 'write_todos'],
  complete: true,
  source: 'Gemini CLI tools reference',
};
