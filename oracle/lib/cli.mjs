// Running the real Claude Code CLI for one oracle case, on the shared harness (packages/real-host): the build comes
// from the user's cache (installed there once), runs in a network namespace of its own whose one endpoint is the
// mock of the Messages API, and everything it or its hooks start dies with it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { anthropicApi, claudeBaseEnv, findInstalled, installHost, launchJailed, startMockServer } from '@hookplay/real-host';

/** The build's install in the cache, installed (about 100–400 MB, once, never into the repository) when missing. */
export async function ensureInstalled(version, log = console.log) {
  return findInstalled('claude-code', version) ?? installHost('claude-code', version, { log });
}

/** The oracle's model scripts answer `{type: 'tool_use', name, input}` or `{type: 'text', text}`; ids follow the request. */
const asReplies = (script) => (n, body) => {
  const r = script(n, body);
  return r.type === 'tool_use' ? { kind: 'tools', calls: [{ name: r.name, input: r.input, id: `toolu_mock_${n}` }] } : { kind: 'text', text: r.text };
};

/**
 * Runs `claude -p` once for a case against the mock: `script(n, body)` answers the n-th Messages request. A build
 * without `--settings` gets the harness's probes from a managed-settings file bind-mounted on /etc/claude-code for
 * this run only (`managedDir`). Resolves with the run and the mock's requests.
 */
export async function runCase({ installed, root, home, project, script, sideRequests, prompt = 'do it', timeoutMs = 60_000, extraArgs = [], allowedTools = 'Bash', hookEvents = true, managedDir = null, drive = null, extraEnv = {} }) {
  const tmp = join(root, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const mock = await startMockServer(join(root, 'mock.sock'), anthropicApi(asReplies(script), { sideRequests }));
  // `allowedTools: null` leaves --allowedTools out; a driven session's prompts come over stdin, not argv.
  const args = ['-p', ...(drive ? [] : [prompt]), '--output-format', 'stream-json', '--verbose', ...(hookEvents ? ['--include-hook-events'] : []), ...(allowedTools === null ? [] : ['--allowedTools', allowedTools]), ...extraArgs];
  try {
    const run = await launchJailed({
      entry: installed.entry,
      args,
      cwd: project,
      // The oracle's cases set IS_SANDBOX themselves where they need it (session cases).
      env: claudeBaseEnv({ home, tmp }, extraEnv, { sandboxVariable: false }),
      mockSocket: mock.socket,
      timeoutMs,
      ...(managedDir ? { binds: [{ from: managedDir, to: '/etc/claude-code' }] } : {}),
      ...(drive ? { drive } : {}),
    });
    return { run: { code: run.code, signal: run.signal, timedOut: run.timedOut, stdout: run.stdout, stderr: run.stderr, ms: run.ms }, mock };
  } finally {
    await mock.close();
  }
}

/** Writes a case's files: `~/x` under home, anything else under the project. Scripts get the executable bit. */
export { writeCaseFiles as writeFiles } from '@hookplay/real-host';
