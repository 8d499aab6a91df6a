import { fileWrites, pathsOutside } from './bash-parts.js';

/**
 * What `claude -p` (nobody to answer prompts) tells the model about a call that would ask, in 2.1.332's words
 * (recorded by the session sweep, oracle/recorded/claude-code/2.1.332: *--unanswered, *--failing, rule-*-ask-*):
 * an ask rule names the tool; a file change in the project, or a read outside it, names the command and the path
 * (also when it is the one asking part of a compound command); a compound command otherwise names the parts that
 * need approval; anything else "requires approval".
 */
export function headlessAskText(toolName: string, why: 'rule' | 'command', needs: string[], parts: number, project: string): string {
  if (why === 'rule') return `Claude requested permissions to use ${toolName}, but you haven't granted it yet.`;
  if (needs.length === 1) {
    const part = needs[0]!;
    const verb = part.split(/\s+/)[0]!;
    const outside = pathsOutside(part, project)[0];
    if (outside !== undefined) return `${verb} in '${outside}' was blocked. For security, Claude Code may only ${READ_PHRASES[verb] ?? 'read files in'} the allowed working directories for this session: '${project}'.`;
    const write = fileWrites(part)[0];
    const path = write?.file ? (write.file.startsWith('/') ? write.file : `${project}/${write.file}`) : null;
    // A redirection names where the output goes "to" (x-suggest-redirect), a command where it changes files "in".
    if (write && path?.startsWith(`${project}/`)) return `${write.verb} ${write.redirect ? 'to' : 'in'} '${path}' needs approval. The path is inside the working directories for this session ('${project}'), and Claude Code asks before a shell command creates, changes or removes files there.`;
  }
  if (parts > 1 && needs.length) return `This Bash command contains multiple operations. The following part${needs.length > 1 ? 's require' : ' requires'} approval: ${needs.join(', ')}`;
  return 'This command requires approval';
}

/** How the refusal names what a read-only command may do there (recorded: ls, grep; others guessed as reads). */
const READ_PHRASES: Record<string, string> = { ls: 'list files in', grep: 'search for patterns in files from' };
