import type { VerifiedAgainst } from '../dialect.js';

/**
 * What hookplay's opencode dialect is verified against: the real OpenCode 1.18.33 (`opencode run --format json`)
 * run offline against a chat completions mock by `npm run oracle -- --host opencode` (one-event cases,
 * oracle/hosts/opencode/cases.mjs) and `npm run oracle:sessions -- --host opencode` (the seeded session sweep,
 * oracle/sessions/opencode.mjs), recorded in oracle/recorded/opencode/1.18.33/ and replayed by `npm test`. Only
 * rules those recordings cover are listed.
 */
export const VERIFIED_AGAINST: VerifiedAgainst = {
  host: 'OpenCode',
  version: '1.18.33',
  cases: 73,
  rules: [
    'Plugins load in this order: the plugin list of ~/.config/opencode/opencode.json, of the project opencode.json, then ~/.config/opencode/{plugin,plugins}/, .opencode/{plugin,plugins}/ and ~/.opencode/{plugin,plugins}/; only .ts and .js files directly in those folders.',
    'Inside one folder, files load in the reverse of the order the file system lists them (not by name).',
    'Every export of a plugin module must be a plugin function: one other export (a constant) and the whole module fails to load; several plugin functions run in export-name order. A plugin whose function throws, or a module that does not parse, is skipped; the others run.',
    'For each hook, every plugin\'s handler runs one after another, in load order, on the same output object; the first handler that throws stops the rest.',
    'tool.execute.before: throwing blocks the call, and the model reads the thrown message (an Error\'s message, or the thrown string) as the tool result; tool.execute.after is then not called.',
    'tool.execute.before: changing output.args in place rewrites the call (the model sees the rewritten call); assigning a new object to output.args changes nothing.',
    'tool.execute.after: changing output.output or output.title changes what the model and the user see; throwing turns the result into an error with the thrown message.',
    'chat.message: changing or adding output.parts in place changes what the model reads; throwing fails the run ("Unexpected server error", exit 1) before any model request.',
    'shell.env: variables set on output.env reach the bash tool\'s command.',
    'permission.ask is never called; `opencode run` rejects a call a permission rule would ask for ("The user rejected permission to use this specific tool call.") and ends the turn; the event hook sees permission.asked and permission.replied.',
    'The event hook gets every bus event (session.created … session.idle), not awaited.',
    'Several calls in one model message: tool.execute.before runs for each first; the results go back in call order.',
  ],
};
