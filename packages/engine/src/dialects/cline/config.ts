import type { Diagnostic } from '../../outcome.js';
import type { HostSettings } from '../../scenario.js';
import type { HookEntry, LoadResult } from '../dialect.js';
import { diag } from '../shared/results.js';
import { commandLine, interpreterOf } from './command.js';
import { recorded } from './evidence.js';
import { BLOCKING } from './events.js';
import { findHooks, hookFolders } from './folders.js';

/**
 * How long the CLI waits for a hook it waits for (PreToolUse, PostToolUse) before it kills it with SIGKILL and goes
 * on without its answer (recorded: pre-timeout-120s). It cannot be configured.
 */
export const HOOK_TIMEOUT_MS = 120_000;

export interface ClineEntry extends HookEntry {
  /** The hook file's key, as the scenario names it. */
  key: string;
  /** What the CLI runs before the file's path (its shebang's interpreter, or one by extension). */
  interpreter: string[];
  /** The file has a shebang line (else the CLI picks the interpreter by extension, bash by default). */
  shebang: boolean;
  /** The CLI knows the file by its key, relative to the project (a relative CLINE_DIR), not by an absolute path. */
  relative: boolean;
}

/**
 * The hooks a Cline CLI 3.0.65 workspace has: one file per hook, named after its event, in the folders the CLI reads.
 * Every file of an event runs; nothing else (no config file, no matcher, no timeout) exists.
 */
export function loadCline(files: Record<string, string>, host: HostSettings): LoadResult<ClineEntry> {
  const diagnostics: Diagnostic[] = [];
  const { folders, diagnostics: folderNotes } = hookFolders(host);
  diagnostics.push(...folderNotes);
  const { found, diagnostics: findNotes } = findHooks(files, folders);
  diagnostics.push(...findNotes);
  const entries: ClineEntry[] = found.map((f) => {
    const text = files[f.key] ?? '';
    const interpreter = interpreterOf(f.fileName, text);
    return {
      event: f.event,
      key: f.key,
      source: f.key,
      command: commandLine([...interpreter, f.key]),
      matcher: null,
      // Hooks the CLI does not wait for have no deadline there; hookplay stops them at the same mark (its own limit).
      timeoutMs: HOOK_TIMEOUT_MS,
      interpreter,
      shebang: text.startsWith('#!'),
      relative: f.relative,
    };
  });
  const byBash = entries.filter((e) => !e.shebang);
  if (byBash.length) {
    diagnostics.push(
      diag('info', 'divergence.no-shebang-runs', `${byBash.map((e) => e.key).join(', ')} ${byBash.length > 1 ? 'have' : 'has'} no #! line: the docs ask for an executable script, but Cline CLI 3.0.65 never executes the file itself and runs it with ${[...new Set(byBash.map((e) => e.interpreter.join(' ')))].join(' or ')} (its mode does not matter)`, {
        evidence: recorded('exec-not-executable-no-shebang', 'exec-not-executable-shebang'),
      }),
    );
  }
  const detached = [...new Set(entries.filter((e) => !BLOCKING.has(e.event)).map((e) => e.event))];
  return { entries, diagnostics, settings: { detached } };
}
