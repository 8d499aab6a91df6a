// The OpenCode oracle's cases: whole `opencode run "do it" --format json` sessions, played on the real CLI and
// through hookplay's opencode dialect by `node oracle/sessions/run.mjs --host opencode` (oracle/sessions/opencode.mjs
// hands these over), recorded in oracle/recorded/opencode/<version>/ and replayed by npm test.
//
// Each case is plugin files and the bash calls the mocked model makes (by default one: `echo original`). Plugins say
// what they saw by appending lines to ~/oracle.log (both sides read it at the end), so a case shows which hooks ran,
// in which order, with what; what the model then read and how each call ended are compared too.

export const PROJECT_PLUGINS = '.opencode/plugins';
export const GLOBAL_PLUGINS = '~/.config/opencode/plugins';
export const HOME_PLUGINS = '~/.opencode/plugins';

const DEFAULT_CALL = { tool: 'bash', input: { command: 'echo original', description: 'Print original' } };

/**
 * A plugin module: `init` runs when OpenCode calls the plugin function, `hooks` maps hook names to handler bodies
 * (JavaScript with `input`, `output` and `log(text)` in scope). Every log line starts with the plugin's name. `logInit`
 * logs when the plugin function is called: hookplay calls it once per hook call, OpenCode once per run (a known gap,
 * init-once-per-run), so only that case logs it.
 */
export function plugin(name, hooks = {}, { init = '', logInit = false, exportName = `P_${name.replace(/\W/g, '_')}`, extra = '' } = {}) {
  const handlers = Object.entries(hooks)
    .map(([hook, body]) => `    ${JSON.stringify(hook)}: async (input, output) => { ${body} },`)
    .join('\n');
  return [
    "import fs from 'node:fs'",
    `const log = (text) => fs.appendFileSync(process.env.HOME + '/oracle.log', ${JSON.stringify(name)} + ' ' + text + '\\n')`,
    extra,
    `export const ${exportName} = async (ctx) => {`,
    logInit ? `  log('init')` : '',
    init ? `  ${init}` : '',
    '  return {',
    handlers,
    '  }',
    '}',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

const json = (v) => `${JSON.stringify(v, null, 2)}\n`;

/** A session scenario from files and the model's steps after the prompt. */
function session(title, files, steps = [DEFAULT_CALL], prompt = 'do it') {
  return { hookplay: 1, dialect: 'opencode', title, files, session: { steps: [{ prompt }, ...steps] } };
}
const bash = (command, description = 'run it') => ({ tool: 'bash', input: { command, description } });
const calls = (...commands) => ({ calls: commands.map((c, i) => ({ tool: 'bash', input: { command: c, description: `call ${i + 1}` } })) });

const logArgs = "log('before ' + JSON.stringify(output.args))";
const logAfter = "log('after ' + JSON.stringify({ tool: input.tool, args: input.args, title: output.title, output: output.output }))";

/** @type {{ id: string, scenario: object }[]} */
export const CASES = [];
const add = (id, title, files, steps, prompt) => CASES.push({ id, scenario: session(title, files, steps, prompt) });

// --- tool.execute.before: what a handler can do to a call
add('before-throw-error', 'tool.execute.before throws an Error', { [`${PROJECT_PLUGINS}/guard.js`]: plugin('guard', { 'tool.execute.before': `${logArgs}; throw new Error('blocked by guard')`, 'tool.execute.after': "log('after ran')" }) });
add('before-throw-string', 'tool.execute.before throws a string', { [`${PROJECT_PLUGINS}/guard.js`]: plugin('guard', { 'tool.execute.before': "throw 'plain string refusal'" }) });
add('before-rewrite-command', 'tool.execute.before changes output.args.command in place', { [`${PROJECT_PLUGINS}/rw.js`]: plugin('rw', { 'tool.execute.before': "output.args.command = 'echo rewritten'", 'tool.execute.after': logAfter }) });
add('before-add-arg', 'tool.execute.before changes the description', { [`${PROJECT_PLUGINS}/rw.js`]: plugin('rw', { 'tool.execute.before': "output.args.description = 'changed by plugin'", 'tool.execute.after': logAfter }) });
add('before-reassign-args', 'tool.execute.before assigns a new output.args', { [`${PROJECT_PLUGINS}/rw.js`]: plugin('rw', { 'tool.execute.before': "output.args = { command: 'echo replaced', description: 'new' }", 'tool.execute.after': logAfter }) });
add('before-sees-input', 'tool.execute.before logs its input.tool and args', { [`${PROJECT_PLUGINS}/w.js`]: plugin('w', { 'tool.execute.before': "log(input.tool + ' ' + JSON.stringify(output.args) + ' ' + typeof input.callID + ' ' + typeof input.sessionID)" }) });
add('before-throw-stops-later', 'the first of two plugins throws: the second is not called', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.before': "log('before'); throw new Error('a says no')" }), [`${PROJECT_PLUGINS}/b.js`]: plugin('b', { 'tool.execute.before': "log('before')" }) });
add('order-chain-sees-earlier', 'the second plugin sees the args the first changed', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.before': `${logArgs}; output.args.command = 'echo from-a'` }), [`${PROJECT_PLUGINS}/b.js`]: plugin('b', { 'tool.execute.before': logArgs }) });
add('before-throw-rm-rf', 'the classic guard: rm -rf is refused, the model reads why', { [`${PROJECT_PLUGINS}/no-rm.js`]: plugin('norm', { 'tool.execute.before': "if (input.tool === 'bash' && /rm -rf/.test(output.args.command)) throw new Error('rm -rf is not allowed here')" }) }, [bash('rm -rf ./build')]);
add('before-guard-lets-other-through', 'the rm -rf guard lets another command run', { [`${PROJECT_PLUGINS}/no-rm.js`]: plugin('norm', { 'tool.execute.before': "if (input.tool === 'bash' && /rm -rf/.test(output.args.command)) throw new Error('rm -rf is not allowed here')" }) }, [bash('echo safe')]);

// --- tool.execute.after
add('after-rewrite-output', 'tool.execute.after replaces output.output', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.after': `${logAfter}; output.output = 'replaced output'` }) });
add('after-throw', 'tool.execute.after throws', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.after': "throw new Error('after refused')" }) });
add('after-sees-failing-command', 'tool.execute.after of a command that fails', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.after': logAfter }) }, [bash('echo oops >&2; exit 3')]);

// --- chat.message
add('chat-rewrite-part', 'chat.message rewrites the prompt text in place', { [`${PROJECT_PLUGINS}/c.js`]: plugin('c', { 'chat.message': "for (const p of output.parts) if (p.type === 'text') p.text = 'rewritten prompt'" }) });
add('chat-add-part', 'chat.message pushes one more text part', { [`${PROJECT_PLUGINS}/c.js`]: plugin('c', { 'chat.message': "output.parts.push({ type: 'text', text: 'extra context', id: 'prt_oracle_extra', messageID: output.message.id, sessionID: output.message.sessionID })" }) });
add('chat-reassign-parts', 'chat.message assigns a new parts list', { [`${PROJECT_PLUGINS}/c.js`]: plugin('c', { 'chat.message': "output.parts = [{ type: 'text', text: 'replaced list' }]" }) });
add('chat-throw', 'chat.message throws', { [`${PROJECT_PLUGINS}/c.js`]: plugin('c', { 'chat.message': "log('chat'); throw new Error('prompt refused')", 'tool.execute.before': "log('before')" }) });
add('chat-sees-prompt', 'chat.message logs the prompt it gets', { [`${PROJECT_PLUGINS}/c.js`]: plugin('c', { 'chat.message': "log(JSON.stringify(output.parts.map((p) => [p.type, p.text])) + ' ' + output.message.role)" }) });

// --- shell.env
add('shell-env-var', 'shell.env sets a variable the command reads', { [`${PROJECT_PLUGINS}/e.js`]: plugin('e', { 'shell.env': "output.env.FROM_PLUGIN = 'bar-from-plugin'" }) }, [bash('echo FROM_PLUGIN=$FROM_PLUGIN')]);
add('shell-env-two-plugins', 'two shell.env handlers add one variable each', { [`${PROJECT_PLUGINS}/e1.js`]: plugin('e1', { 'shell.env': "output.env.ONE = '1'" }), [`${GLOBAL_PLUGINS}/e2.js`]: plugin('e2', { 'shell.env': "output.env.TWO = '2'" }) }, [bash('echo ONE=$ONE TWO=$TWO')]);
add('shell-env-sees-cwd', 'shell.env logs the folder the command runs in', { [`${PROJECT_PLUGINS}/e.js`]: plugin('e', { 'shell.env': "log(input.cwd)" }) });
add('shell-env-overrides-home', 'shell.env sets a variable the command already has', { [`${PROJECT_PLUGINS}/e.js`]: plugin('e', { 'shell.env': "output.env.LANG = 'C'" }) }, [bash('echo LANG=$LANG')]);

// --- where plugins come from, and in which order they load
const who = (name) => plugin(name, { 'tool.execute.before': "log('before')" });
add('order-sources', 'one plugin in each place OpenCode loads from', {
  '~/.config/opencode/opencode.json': json({ plugin: ['./lib/gc.js'] }),
  '~/.config/opencode/lib/gc.js': who('global-config'),
  'opencode.json': json({ plugin: ['./lib/pc.js'] }),
  'lib/pc.js': who('project-config'),
  [`${GLOBAL_PLUGINS}/gd.js`]: who('global-dir'),
  [`${PROJECT_PLUGINS}/pd.js`]: who('project-dir'),
  [`${HOME_PLUGINS}/hd.js`]: who('home-dir'),
});
add('order-folders', 'three plugins in one folder', { [`${PROJECT_PLUGINS}/alpha.js`]: who('alpha'), [`${PROJECT_PLUGINS}/beta.js`]: who('beta'), [`${PROJECT_PLUGINS}/gamma.js`]: who('gamma') });
add('order-plugin-and-plugins', 'the plugin/ and plugins/ folders of .opencode', { '.opencode/plugin/one.js': who('singular'), [`${PROJECT_PLUGINS}/two.js`]: who('plural') });
add('order-project-list-two', "two plugins in the project's opencode.json list", { 'opencode.json': json({ plugin: ['./lib/b.js', './lib/a.js'] }), 'lib/a.js': who('a'), 'lib/b.js': who('b') });
add('order-global-before-project', 'a global and a project plugin both rewrite: the project one is last', { [`${GLOBAL_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "output.args.command = 'echo global'" }), [`${PROJECT_PLUGINS}/p.js`]: plugin('p', { 'tool.execute.before': `${logArgs}; output.args.command = 'echo project'` }) });
add('load-singular-folder', 'a plugin in .opencode/plugin/ (singular)', { '.opencode/plugin/g.js': plugin('g', { 'tool.execute.before': "throw new Error('from plugin/')" }) });
add('load-mjs-ignored', 'a .mjs file in .opencode/plugins/ is not loaded', { [`${PROJECT_PLUGINS}/g.mjs`]: plugin('g', { 'tool.execute.before': "throw new Error('mjs loaded')" }) });
add('load-subfolder-ignored', 'a plugin in a subfolder of .opencode/plugins/ is not loaded', { [`${PROJECT_PLUGINS}/sub/g.js`]: plugin('g', { 'tool.execute.before': "throw new Error('subfolder loaded')" }) });
add('load-ts-plugin', 'a TypeScript plugin with type annotations', {
  [`${PROJECT_PLUGINS}/guard.ts`]: "import fs from 'node:fs'\ntype Args = { command: string }\ninterface Seen { tool: string }\nconst log = (text: string): void => fs.appendFileSync(process.env.HOME + '/oracle.log', 'ts ' + text + '\\n')\nexport const Guard = async (_ctx: unknown) => ({\n  'tool.execute.before': async (input: Seen, output: { args: Args }) => {\n    log(input.tool + ' ' + output.args.command)\n    output.args.command = 'echo from-ts' as string\n  },\n})\n",
});
add('load-ts-type-error', 'a TypeScript plugin with a type error still runs', {
  [`${PROJECT_PLUGINS}/bad-types.ts`]: "import fs from 'node:fs'\nconst n: number = 'not a number'\nexport const T = async () => ({\n  'tool.execute.before': async (_i: unknown, output: { args: { command: string } }) => { fs.appendFileSync(process.env.HOME + '/oracle.log', 'ts ' + typeof n + '\\n'); output.args.command = 'echo typed' },\n})\n",
});
add('load-ts-imports-helper', 'a TypeScript plugin imports a helper from a subfolder', {
  [`${PROJECT_PLUGINS}/main.ts`]: "import { verdict } from './lib/verdict'\nexport const Main = async () => ({\n  'tool.execute.before': async (_i: unknown, output: { args: { command: string } }) => { const v = verdict(output.args.command); if (v) throw new Error(v) },\n})\n",
  [`${PROJECT_PLUGINS}/lib/verdict.ts`]: "export function verdict(command: string): string | null {\n  return command.includes('original') ? 'helper says no: ' + command : null\n}\n",
});
add('load-missing-file', "the project's opencode.json names a file that is not there", { 'opencode.json': json({ plugin: ['./lib/missing.js'] }), [`${PROJECT_PLUGINS}/ok.js`]: who('ok') });
add('load-syntax-error', 'one plugin does not parse; the other still runs', { [`${PROJECT_PLUGINS}/bad.js`]: "export const Bad = async () => ({ 'tool.execute.before': async ( => {} })\n", [`${PROJECT_PLUGINS}/good.js`]: who('good') });
add('load-init-throws', 'a plugin function throws; the other still runs', { [`${PROJECT_PLUGINS}/boom.js`]: plugin('boom', { 'tool.execute.before': "throw new Error('never')" }, { init: "throw new Error('init failed')" }), [`${PROJECT_PLUGINS}/good.js`]: who('good') });
add('load-export-not-function', 'a module that also exports a constant', { [`${PROJECT_PLUGINS}/mixed.js`]: plugin('mixed', { 'tool.execute.before': "throw new Error('mixed loaded')" }, { extra: 'export const VERSION = 3' }), [`${PROJECT_PLUGINS}/good.js`]: who('good') });
add('load-two-exports', 'one module exports two plugin functions', {
  [`${PROJECT_PLUGINS}/two.js`]: "import fs from 'node:fs'\nconst log = (t) => fs.appendFileSync(process.env.HOME + '/oracle.log', t + '\\n')\nexport const Zed = async () => ({ 'tool.execute.before': async () => log('Zed') })\nexport const Amy = async () => ({ 'tool.execute.before': async () => log('Amy') })\n",
});
add('load-default-export', 'a plugin as the default export', { [`${PROJECT_PLUGINS}/d.js`]: "import fs from 'node:fs'\nexport default async () => ({ 'tool.execute.before': async (i, o) => { fs.appendFileSync(process.env.HOME + '/oracle.log', 'default ' + o.args.command + '\\n'); o.args.command = 'echo from-default' } })\n" });
add('load-same-export-twice', 'the same function exported under two names runs once', {
  [`${PROJECT_PLUGINS}/same.js`]: "import fs from 'node:fs'\nconst P = async () => ({ 'tool.execute.before': async () => fs.appendFileSync(process.env.HOME + '/oracle.log', 'same\\n') })\nexport { P as One, P as Two }\n",
});
add('load-listed-and-in-folder', 'a plugin listed in .opencode/opencode.json that is also in .opencode/plugins/', { '.opencode/opencode.json': json({ plugin: ['./plugins/x.js'] }), [`${PROJECT_PLUGINS}/x.js`]: who('x') });
add('load-options', 'a plugin listed with options', { 'opencode.json': json({ plugin: [['./lib/o.js', { level: 3 }]] }), 'lib/o.js': "import fs from 'node:fs'\nexport const O = async (ctx, options) => ({ 'tool.execute.before': async () => fs.appendFileSync(process.env.HOME + '/oracle.log', 'options ' + JSON.stringify(options ?? null) + '\\n') })\n" });
add('load-context', 'a plugin logs its context: directory and worktree', { [`${PROJECT_PLUGINS}/ctx.js`]: plugin('ctx', { 'tool.execute.before': "log(ctx.directory + ' ' + ctx.worktree + ' ' + typeof ctx.$ + ' ' + typeof ctx.client)" }) });
add('init-once-per-run', 'the plugin function is called once per run, however many hooks it has', { [`${PROJECT_PLUGINS}/i.js`]: plugin('i', { 'tool.execute.before': "log('before')", 'tool.execute.after': "log('after')" }, { logInit: true }) });

// --- more tool.execute.before answers
add('before-throw-custom-class', 'tool.execute.before throws an Error subclass', { [`${PROJECT_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': 'throw new Refusal("custom refusal")' }, { extra: 'class Refusal extends Error { constructor(m) { super(m); this.name = "Refusal" } }' }) });
add('before-throw-object', 'tool.execute.before throws a plain object', { [`${PROJECT_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "throw { message: 'object refusal' }" }) });
add('before-return-ignored', 'tool.execute.before returns a value instead of throwing', { [`${PROJECT_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "return { block: true, reason: 'returned' }" }) });
add('before-async-delay', 'tool.execute.before waits, then rewrites', { [`${PROJECT_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "await new Promise((r) => setTimeout(r, 300)); output.args.command = 'echo after-wait'" }) });
add('before-rewrite-then-throw', 'tool.execute.before rewrites and then throws', { [`${PROJECT_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "output.args.command = 'echo sneaky'; throw new Error('changed my mind')" }) });
add('before-two-rewrite', 'two plugins each change the command', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.before': "output.args.command = output.args.command + ' one'" }), [`${GLOBAL_PLUGINS}/b.js`]: plugin('b', { 'tool.execute.before': "output.args.command = output.args.command + ' two'" }) });
add('before-other-tool-only', 'a guard for the read tool lets bash through', { [`${PROJECT_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "if (input.tool === 'read') throw new Error('no reading')" }) });
add('before-global-throws', 'a global plugin (~/.config/opencode/plugins) blocks', { [`${GLOBAL_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "throw new Error('global guard')" }) });
add('before-home-throws', 'a plugin in ~/.opencode/plugins blocks', { [`${HOME_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "throw new Error('home guard')" }) });
add('before-config-list-rewrites', "a plugin from the project's opencode.json list rewrites", { 'opencode.json': json({ plugin: ['./tools/rw.js'] }), 'tools/rw.js': plugin('rw', { 'tool.execute.before': "output.args.command = 'echo listed'" }) });
add('before-global-config-list-throws', "a plugin from the global opencode.json list blocks", { '~/.config/opencode/opencode.json': json({ plugin: ['./guards/g.js'] }), '~/.config/opencode/guards/g.js': plugin('g', { 'tool.execute.before': "throw new Error('global list guard')" }) });
add('before-guard-failing-command', 'no guard: a command that fails reaches the model as its output', { [`${PROJECT_PLUGINS}/w.js`]: plugin('w', { 'tool.execute.before': logArgs }) }, [bash('echo bad >&2; exit 4')]);

// --- more tool.execute.after
add('after-title-change', 'tool.execute.after changes only the title', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.after': "output.title = 'renamed'" }) });
add('after-two-chain', 'the second after handler sees the first one\'s output', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.after': "output.output = 'from a'" }), [`${GLOBAL_PLUGINS}/b.js`]: plugin('b', { 'tool.execute.after': "log('saw ' + output.output)" }) });
add('after-append-output', 'tool.execute.after appends a note to the output', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.after': "output.output = output.output + 'NOTE: checked\\n'" }) });
add('after-metadata', 'tool.execute.after logs the exit code it gets', { [`${PROJECT_PLUGINS}/a.js`]: plugin('a', { 'tool.execute.after': "log('exit ' + output.metadata.exit)" }) }, [bash('exit 5')]);

// --- several calls
const g2 = plugin('g', { 'tool.execute.before': "log('before ' + output.args.command); if (output.args.command.includes('two')) throw new Error('no two')", 'tool.execute.after': "log('after ' + input.args.command)" });
add('calls-two-one-blocked', 'two calls in one message, the second is blocked', { [`${PROJECT_PLUGINS}/g.js`]: g2 }, [calls('echo one', 'echo two')]);
add('calls-two-both-run', 'two calls in one message, both run', { [`${PROJECT_PLUGINS}/g.js`]: g2 }, [calls('echo one', 'echo three')]);
add('calls-two-turns', 'one call, then another in the next message', { [`${PROJECT_PLUGINS}/g.js`]: g2 }, [bash('echo one'), bash('echo two')]);
add('calls-three-rewrite-middle', 'three calls in one message, the middle one rewritten', { [`${PROJECT_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "if (output.args.command === 'echo b') output.args.command = 'echo B'" }) }, [calls('echo a', 'echo b', 'echo c')]);

// --- permissions
const askLogger = plugin('p', { 'permission.ask': "log('permission.ask ' + JSON.stringify(input)); output.status = 'allow'", 'tool.execute.before': "log('before')" });
add('permission-ask-never-called', 'a permission.ask handler, no permission rule', { [`${PROJECT_PLUGINS}/p.js`]: askLogger });
add('permission-ask-with-ask-rule', 'a permission.ask handler that allows, and a rule that asks for bash', { 'opencode.json': json({ permission: { bash: 'ask' } }), [`${PROJECT_PLUGINS}/p.js`]: askLogger });
add('permission-deny-rule', 'a rule that denies bash', { 'opencode.json': json({ permission: { bash: 'deny' } }), [`${PROJECT_PLUGINS}/p.js`]: plugin('p', { 'tool.execute.before': "log('before')", 'tool.execute.after': "log('after')" }) });
add('permission-allow-rule', 'a rule that allows bash', { 'opencode.json': json({ permission: { bash: 'allow' } }), [`${PROJECT_PLUGINS}/p.js`]: plugin('p', { 'tool.execute.after': "log('after')" }) });
add('permission-before-throws-first', 'a guard throws where a rule would ask', { 'opencode.json': json({ permission: { bash: 'ask' } }), [`${PROJECT_PLUGINS}/g.js`]: plugin('g', { 'tool.execute.before': "throw new Error('guard first')" }) });

// --- event
const busLogger = plugin('ev', { event: "const t = input.event.type; if (['session.created', 'session.idle', 'permission.asked', 'permission.replied'].includes(t)) log(t)" });
add('event-session-lifecycle', 'an event handler logs the session events', { [`${PROJECT_PLUGINS}/ev.js`]: busLogger });
add('event-with-permission', 'an event handler sees a permission asked and rejected', { 'opencode.json': json({ permission: { bash: 'ask' } }), [`${PROJECT_PLUGINS}/ev.js`]: busLogger });

// --- more chat.message
add('chat-two-plugins', 'two chat.message handlers each add a part', { [`${PROJECT_PLUGINS}/c1.js`]: plugin('c1', { 'chat.message': "output.parts.push({ type: 'text', text: 'from c1', id: 'prt_oracle_c1', messageID: output.message.id, sessionID: output.message.sessionID })" }), [`${GLOBAL_PLUGINS}/c2.js`]: plugin('c2', { 'chat.message': "log('parts ' + output.parts.length)" }) });
add('chat-one-word-prompt', 'chat.message logs a one-word prompt', { [`${PROJECT_PLUGINS}/c.js`]: plugin('c', { 'chat.message': "log(JSON.stringify(output.parts.map((p) => p.text)))" }) }, [DEFAULT_CALL], 'hello');
add('chat-throw-string', 'chat.message throws a string', { [`${PROJECT_PLUGINS}/c.js`]: plugin('c', { 'chat.message': "throw 'no prompts today'" }) });
add('chat-no-tools-reply', 'chat.message adds a part, the model only answers', { [`${PROJECT_PLUGINS}/c.js`]: plugin('c', { 'chat.message': "output.parts.push({ type: 'text', text: 'be brief', id: 'prt_oracle_b', messageID: output.message.id, sessionID: output.message.sessionID })" }) }, [{ reply: 'Done.' }]);
add('no-plugins', 'no plugin at all: the call runs', {});
