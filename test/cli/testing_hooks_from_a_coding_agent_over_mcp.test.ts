/**
 * A coding agent that writes a hook tests it through `hookplay mcp`: the official MCP SDK's own client talks to
 * the real CLI over stdio (a child process), lists the tools and resources, runs scenarios, checks a project with
 * doctor and imports one, and gets bad input back with the path of the field, as the CLI says it.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realHostUnderTest } from '../support/real-host.js';
import { CLI, REPO } from '../support/paths.js';

const scratch = mkdtempSync(join(tmpdir(), 'hookplay-mcp-test-'));
let client: Client;
let transport: StdioClientTransport;
const serverLog: string[] = [];

const blockRmRf = {
  hookplay: 1,
  dialect: 'claude-code',
  files: {
    '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sh .claude/hooks/guard.sh' }] }] } }),
    '.claude/hooks/guard.sh': 'grep -q "rm -rf" && { echo "rm -rf is not allowed" >&2; exit 2; }\nexit 0\n',
  },
  event: 'PreToolUse',
  payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } },
};

type Result = { content: { type: string; text: string }[]; structuredContent?: Record<string, any>; isError?: boolean };
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as unknown as Result;

beforeAll(async () => {
  transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'pipe', env: { ...process.env, NO_COLOR: '1' } as Record<string, string> });
  transport.stderr?.on('data', (d) => serverLog.push(String(d)));
  client = new Client({ name: 'hookplay-test-agent', version: '1.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
});

describe('hookplay mcp', { timeout: 120_000 }, () => {
  it('offers the tools and, for every host, its event catalog and sample payloads', async () => {
    const { tools } = await client.listTools();
    // A real host CLI is installed for the tests (scripts/test.sh), so the real-host tool is offered too.
    expect(tools.map((t) => t.name)).toEqual(['run_scenario', 'run_on_every_host', 'compare_versions', 'doctor', 'import_project', 'run_on_real_host']);
    const run = tools.find((t) => t.name === 'run_scenario')!;
    expect(run.inputSchema).toMatchObject({ type: 'object', required: ['scenario'] });
    expect(tools.find((t) => t.name === 'doctor')!.annotations).toMatchObject({ readOnlyHint: true });

    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    for (const id of ['mirri', 'mework', 'open-strix', 'claude-code', 'codex', 'gemini-cli', 'copilot-cli', 'qwen-code', 'cline']) {
      expect(uris).toContain(`hookplay://hosts/${id}/events`);
      expect(uris).toContain(`hookplay://hosts/${id}/payloads`);
    }
    const events = JSON.parse((await client.readResource({ uri: 'hookplay://hosts/gemini-cli/events' })).contents[0]!.text as string);
    expect(events.events.find((e: { name: string }) => e.name === 'BeforeTool')).toMatchObject({ canBlock: true, group: expect.any(String) });
    const payloads = JSON.parse((await client.readResource({ uri: 'hookplay://hosts/claude-code/payloads' })).contents[0]!.text as string);
    expect(payloads.payloads.PreToolUse).toMatchObject({ tool_name: 'Bash' });
    const schema = JSON.parse((await client.readResource({ uri: 'hookplay://scenario-schema' })).contents[0]!.text as string);
    expect(schema.properties).toHaveProperty('dialect');
  });

  it('run_on_real_host checks a scenario on the installed real CLI: both sides, and where they part', async () => {
    const real = realHostUnderTest();
    const result = await call('run_on_real_host', { scenario: real.agrees });
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ host: real.host, version: real.version, differences: [], emulated: { hookplay: 1 } });
    expect(result.content[0]!.text).toMatch(/they agree on everything the harness observes/);
  });

  it('run_scenario runs the hook for real: the outcome as structured content, the explanation as text', async () => {
    const result = await call('run_scenario', { scenario: blockRmRf });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ verdict: 'block', reason: expect.stringContaining('rm -rf is not allowed'), hooks: [{ ran: true, exitCode: 2 }] });
    expect(result.content[0]!.text).toMatch(/Verdict block/);
    expect(result.content[0]!.text).toMatch(/rm -rf is not allowed/);
  });

  it('bad input comes back with the path of each field, as the CLI says it; nothing runs', async () => {
    const result = await call('run_scenario', { scenario: { ...blockRmRf, dialect: 'claude', files: { '../x.sh': 'exit 0' } } });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^invalid scenario:\n {2}scenario\.dialect: unknown dialect; expected one of mirri, mework/);
    expect(result.content[0]!.text).toMatch(/scenario\.files\["\.\.\/x\.sh"\]: file path "\.\.\/x\.sh" contains "\.\.", which would escape the workspace/);
    expect(result.structuredContent!.problems).toEqual(expect.arrayContaining([{ path: 'scenario.dialect', message: expect.stringContaining('unknown dialect') }]));
    // A scenario given as a file's text is read as a file is: a syntax error has its line and column.
    const text = await call('run_scenario', { scenario: '{\n  "hookplay": 1,\n  "dialect": "mirri"\n  "files": {}\n}' });
    expect(text.isError).toBe(true);
    expect(text.content[0]!.text).toMatch(/^invalid scenario:\n {2}4:3: scenario: invalid JSON: expected ','/);
    const asText = await call('run_scenario', { scenario: JSON.stringify(blockRmRf) });
    expect(asText.structuredContent).toMatchObject({ verdict: 'block' });
    // The argument itself missing is the SDK's own schema check, also naming the field.
    const missing = await call('run_scenario', {});
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toMatch(/scenario/);
  });

  it('run_on_every_host ports the hook and compares hosts; compare_versions compares Claude Code versions', async () => {
    const hosts = await call('run_on_every_host', { scenario: blockRmRf, hosts: ['claude-code', 'gemini-cli'] });
    expect(Object.keys(hosts.structuredContent!.hosts)).toEqual(['claude-code', 'gemini-cli']);
    expect(hosts.structuredContent!.hosts['claude-code']).toMatchObject({ verdict: 'block' });
    // Copied as written, the matcher "Bash" never fires on Gemini CLI, whose shell tool is run_shell_command.
    expect(hosts.structuredContent!.hosts['gemini-cli']).toMatchObject({ verdict: 'proceed' });
    expect(hosts.content[0]!.text).toMatch(/Did each hook fire/);

    const versions = await call('compare_versions', { scenario: blockRmRf });
    expect(versions.structuredContent!.versions.map((v: { version: string }) => v.version)).toEqual(['1.0.41', '2.0.76', '2.1.47', '2.1.143', '2.1.332']);
    expect(versions.content[0]!.text).toMatch(/one scenario on 5 versions/);
  });

  it('doctor checks a real project: hooks and findings with positions; import_project makes a scenario run_scenario runs', async () => {
    const project = join(scratch, 'gemini');
    cpSync(join(REPO, 'test/cli/fixtures/doctor/gemini-cli'), project, { recursive: true });
    const report = await call('doctor', { path: project });
    expect(report.isError).toBeFalsy();
    expect(report.structuredContent!.findings).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'matcher.never-matches', file: '.gemini/settings.json', line: 6, column: 9, host: 'gemini-cli' })]));
    expect(report.structuredContent!.hooks).toHaveLength(3);
    expect(report.content[0]!.text).toMatch(/error \.gemini\/settings\.json:6:9 matcher\.never-matches/);
    const none = await call('doctor', { path: join(scratch, 'nope') });
    expect(none).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/project .*nope: no such directory/) }] });

    const imported = await call('import_project', { path: project, dialect: 'gemini-cli', event: 'BeforeTool' });
    expect(imported.structuredContent!.configs).toEqual(['.gemini/settings.json']);
    const ran = await call('run_scenario', { scenario: imported.structuredContent!.scenario });
    expect(ran.structuredContent).toMatchObject({ dialect: 'gemini-cli', event: 'BeforeTool' });
  });

  it('closes cleanly when the client goes away', async () => {
    const pid = transport.pid!;
    await client.close();
    const gone = await new Promise<boolean>((resolve) => {
      const started = Date.now();
      const poll = () => {
        try {
          process.kill(pid, 0);
          if (Date.now() - started > 10_000) resolve(false);
          else setTimeout(poll, 50);
        } catch {
          resolve(true);
        }
      };
      poll();
    });
    expect(gone).toBe(true);
    expect(serverLog.join('')).toMatch(/hookplay mcp: serving MCP on stdio/);
  });
});
