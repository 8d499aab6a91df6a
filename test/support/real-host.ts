import { findInstalled, type RealHostId } from '../../packages/real-host/src/index.js';

/**
 * The real CLI the real-path tests drive, and the scenarios they drive it with. CI installs one real host (the
 * smallest, gemini-cli: scripts/test.sh installs it when missing); a developer may have others. Each host's
 * scenarios say the same things in its own config.
 */
export interface RealHostFixtures {
  host: RealHostId;
  version: string;
  /** A guard the emulation and the CLI agree on. */
  agrees: object;
  /** A hook that sees something only the real CLI has (its own files in HOME): the two differ, and say so. */
  differs: object;
  /** A whole session: a prompt, a tool call, a reply. */
  session: object;
  /** A hook that sleeps far past the run's --timeout, with a marker in its command line. */
  hangs: object;
  hangMarker: string;
  /** A hook that leaves a detached child behind, with a marker in its command line. */
  leavesChild: object;
  childMarker: string;
  /** A hook that tries to reach the internet through the proxy the CLI was given. */
  reachesOut: object;
  /** A session whose tool step pretends a result: no real CLI can be made to. */
  pretends: object;
}

const claude = (hooks: object) => ({ '.claude/settings.json': JSON.stringify({ hooks }) });
const command = (cmd: string, extra: object = {}) => [{ hooks: [{ type: 'command', command: cmd, ...extra }] }];

const CLAUDE: Omit<RealHostFixtures, 'version'> = {
  host: 'claude-code',
  agrees: {
    hookplay: 1,
    title: 'rm -rf guard',
    dialect: 'claude-code',
    files: { ...claude({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: "grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0" }] }] }) },
    event: 'PreToolUse',
    payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf build', description: 'clean' } },
  },
  differs: {
    hookplay: 1,
    title: 'a hook that looks at the CLI own files',
    dialect: 'claude-code',
    files: claude({ UserPromptSubmit: command('test -e "$HOME/.claude.json" && echo home-has-claude-json || echo home-is-bare') }),
    event: 'UserPromptSubmit',
    payload: { prompt: 'hello' },
  },
  session: {
    hookplay: 1,
    title: 'context after a tool call',
    dialect: 'claude-code',
    host: { allowedTools: 'Bash' },
    files: claude({ PostToolUse: command('echo \'{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"tests ran"}}\'') }),
    session: { steps: [{ prompt: 'run the tests' }, { tool: 'Bash', input: { command: 'echo ok', description: 'tests' } }, { reply: 'All good.' }] },
  },
  hangs: {
    hookplay: 1,
    title: 'a hook that never ends',
    dialect: 'claude-code',
    files: claude({ UserPromptSubmit: command('sleep 371 # hookplay-test-hang', { timeout: 900 }) }),
    event: 'UserPromptSubmit',
    payload: { prompt: 'hello' },
  },
  hangMarker: 'sleep 371',
  leavesChild: {
    hookplay: 1,
    title: 'a hook that leaves a child behind',
    dialect: 'claude-code',
    files: claude({ UserPromptSubmit: command('setsid sleep 373 >/dev/null 2>&1 < /dev/null & echo started') }),
    event: 'UserPromptSubmit',
    payload: { prompt: 'hello' },
  },
  childMarker: 'sleep 373',
  reachesOut: {
    hookplay: 1,
    title: 'a hook that reaches out',
    dialect: 'claude-code',
    files: claude({ UserPromptSubmit: command('curl -s -m 5 https://example.com/ >/dev/null; echo reached-$?') }),
    event: 'UserPromptSubmit',
    payload: { prompt: 'hello' },
  },
  pretends: {
    hookplay: 1,
    title: 'a pretended tool result',
    dialect: 'claude-code',
    files: {},
    session: { steps: [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'npm test' }, result: { error: 'tests failed' } }] },
  },
};

const gemini = (hooks: object) => ({ '.gemini/settings.json': JSON.stringify({ hooks }) });

/** The same eight scenarios in Gemini CLI's config (its hook timeouts are in milliseconds). */
const GEMINI: Omit<RealHostFixtures, 'version'> = {
  host: 'gemini-cli',
  agrees: {
    hookplay: 1,
    title: 'rm -rf guard',
    dialect: 'gemini-cli',
    files: gemini({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: "grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0" }] }] }),
    event: 'BeforeTool',
    payload: { tool_name: 'run_shell_command', tool_input: { command: 'rm -rf build', description: 'clean' } },
  },
  differs: {
    hookplay: 1,
    title: 'a hook that looks at the CLI own files',
    dialect: 'gemini-cli',
    files: gemini({ BeforeAgent: command('test -e "$HOME/.gemini/projects.json" && echo home-has-projects-json || echo home-is-bare') }),
    event: 'BeforeAgent',
    payload: { prompt: 'hello' },
  },
  session: {
    hookplay: 1,
    title: 'context after a tool call',
    dialect: 'gemini-cli',
    files: gemini({ AfterTool: command('echo \'{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"tests ran"}}\'') }),
    session: { steps: [{ prompt: 'run the tests' }, { tool: 'run_shell_command', input: { command: 'echo ok', description: 'tests' } }, { reply: 'All good.' }] },
  },
  hangs: {
    hookplay: 1,
    title: 'a hook that never ends',
    dialect: 'gemini-cli',
    files: gemini({ BeforeAgent: command('sleep 371 # hookplay-test-hang', { timeout: 900_000 }) }),
    event: 'BeforeAgent',
    payload: { prompt: 'hello' },
  },
  hangMarker: 'sleep 371',
  leavesChild: {
    hookplay: 1,
    title: 'a hook that leaves a child behind',
    dialect: 'gemini-cli',
    files: gemini({ BeforeAgent: command('setsid sleep 373 >/dev/null 2>&1 < /dev/null & echo started') }),
    event: 'BeforeAgent',
    payload: { prompt: 'hello' },
  },
  childMarker: 'sleep 373',
  reachesOut: {
    hookplay: 1,
    title: 'a hook that reaches out',
    dialect: 'gemini-cli',
    files: gemini({ BeforeAgent: command('curl -s -m 5 https://example.com/ >/dev/null; echo reached-$?') }),
    event: 'BeforeAgent',
    payload: { prompt: 'hello' },
  },
  pretends: {
    hookplay: 1,
    title: 'a pretended tool result',
    dialect: 'gemini-cli',
    files: {},
    session: { steps: [{ prompt: 'go' }, { tool: 'run_shell_command', input: { command: 'npm test' }, result: { error: 'tests failed' } }] },
  },
};

const FIXTURES: Omit<RealHostFixtures, 'version'>[] = [GEMINI, CLAUDE];

/** The first host of the list installed in the cache, at the version hookplay models; an error saying how to install one otherwise. */
export function realHostUnderTest(): RealHostFixtures {
  const wanted = process.env.HOOKPLAY_TEST_REAL_HOST;
  for (const f of FIXTURES) {
    if (wanted && f.host !== wanted) continue;
    for (const version of VERSIONS[f.host] ?? []) if (findInstalled(f.host, version)) return { ...f, version };
  }
  throw new Error(`the real-path tests need a real host CLI: run \`npx hookplay hosts install ${FIXTURES[0]!.host}@${VERSIONS[FIXTURES[0]!.host]![0]}\` (npm test installs one when missing)`);
}

const VERSIONS: Partial<Record<RealHostId, string[]>> = { 'claude-code': ['2.1.332'], 'gemini-cli': ['0.61.0'] };
