import type { Diagnostic } from '../../outcome.js';
import type { Dialect, Job, PlannedEntry } from '../dialect.js';
import { diag, ordinal, withBaseFields } from '../shared/results.js';
import { loadMirriConfig, MIRRI_CONFIG, REWRITE_ENV, type MirriEntry, type MirriSettings } from './config.js';
import { settleMirri } from './combine.js';
import { MIRRI_EVENTS } from './events.js';
import { mirriLifecycle } from './lifecycle.js';
import { matchMirri } from './match.js';

const SESSION_ID = 'session_hookplay';

export const mirri: Dialect<MirriEntry> = {
  id: 'mirri',
  label: 'Mirri Code CLI',
  summary: 'TOML [[hooks]] in ~/.mirri-code/config.toml; regex matchers; parallel; first block wins; fail-open unless failClosed.',
  configFiles: [{ path: MIRRI_CONFIG, language: 'toml', description: 'All hook rules, as [[hooks]] entries (event, matcher, command, timeout, failClosed).' }],
  events: MIRRI_EVENTS,
  hostSettings: ['engine', 'env'],
  mode: 'parallel',
  process: { shell: ['sh', '-c'], kill: { first: 'SIGTERM', killAfterMs: 100 }, outputCap: { bytesPerPipe: 1024 * 1024, hostCap: false } },
  starter: {
    event: 'PreToolUse',
    files: {
      [MIRRI_CONFIG]: '[[hooks]]\nevent = "PreToolUse"\nmatcher = "^Bash$"\ncommand = "node ~/.mirri-code/hooks/guard.mjs"\ntimeout = 5\n',
      '~/.mirri-code/hooks/guard.mjs':
        "let input = '';\nprocess.stdin.on('data', (c) => (input += c));\nprocess.stdin.on('end', () => {\n  const { tool_input } = JSON.parse(input);\n  if (tool_input?.command?.includes('rm -rf')) {\n    console.error('Dangerous command detected, blocked');\n    process.exit(2);\n  }\n});\n",
    },
  },
  load: loadMirriConfig,

  prepare({ loaded, event, payload, paths, baseEnv }) {
    const settings = loaded.settings as unknown as MirriSettings;
    const diagnostics: Diagnostic[] = [];
    const input = withBaseFields({ hook_event_name: event.name, session_id: SESSION_ID, cwd: paths.project }, payload);
    const stdin = JSON.stringify(input);
    const entries = loaded.entries.filter((e) => e.event === event.name);

    if (event.name === 'RewriteToolInput' && settings.engine === 'v2') {
      diagnostics.push(diag('error', 'match.event-not-on-engine', 'RewriteToolInput does not exist on engine v2: on v2, PreToolUse carries updatedInput (behind hook-command-rewrite)'));
    }
    const flagOff = event.name === 'RewriteToolInput' && !settings.rewrite;
    if (flagOff && entries.length > 0) {
      diagnostics.push(
        diag('warning', 'match.rewrite-flag-off', `RewriteToolInput fires only with the experimental flag hook-command-rewrite: set ${REWRITE_ENV}=true in host.env or [experimental] hook-command-rewrite = true in ${MIRRI_CONFIG}`),
      );
    } else if (event.name === 'RewriteToolInput' && settings.engine === 'v1' && settings.rewriteFrom) {
      diagnostics.push(diag('info', 'match.rewrite-flag-on', `hook-command-rewrite is on (${settings.rewriteFrom})`));
    }

    const seen = new Map<string, number>();
    const hooks: PlannedEntry<MirriEntry>[] = entries.map((entry, index) => {
      if (flagOff || (event.name === 'RewriteToolInput' && settings.engine === 'v2')) {
        return { entry, matched: false, why: flagOff ? 'not fired: the experimental flag hook-command-rewrite is off' : 'not fired on engine v2', duplicateOf: null, willRun: false };
      }
      const m = matchMirri(entry.matcher, event.name, input);
      if (m.invalid) {
        diagnostics.push(diag('warning', 'match.invalid-regex', `${ordinal(index)}: ${m.why} (${m.invalid})`, { hook: index, file: entry.source, ...(entry.line ? { line: entry.line } : {}) }));
      }
      if (!m.matched) return { entry, matched: false, why: m.why, duplicateOf: null, willRun: false };
      const first = seen.get(entry.command);
      if (first !== undefined) {
        diagnostics.push(
          diag('info', 'rule.dedup', `${ordinal(index)} has the same command as ${ordinal(first)}: Mirri runs identical commands once, keeping the first entry's timeout and failClosed`, { hook: index }),
        );
        return { entry, matched: true, why: `${m.why}; same command as ${ordinal(first)}, so it runs once`, duplicateOf: first, willRun: false };
      }
      seen.set(entry.command, index);
      return { entry, matched: true, why: m.why, duplicateOf: null, willRun: true };
    });

    const jobs: Job[] = hooks.flatMap((h, index) =>
      h.willRun ? [{ hook: index, command: h.entry.command, cwd: paths.project, env: baseEnv, timeoutMs: h.entry.timeoutMs, stdin }] : [],
    );
    return { hooks, jobs, input, diagnostics };
  },

  settle: settleMirri,
  lifecycle: mirriLifecycle,
};
