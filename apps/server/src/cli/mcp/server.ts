import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerResources } from './resources.js';
import type { HookplayTool } from './tool.js';
import { hookplayTools } from './tools/index.js';

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };

/**
 * The MCP server: every tool of tools/index.ts and the resources. Each call gets an AbortSignal the client cancels
 * (or the server's close does), which kills the hooks it started.
 */
export function createHookplayServer(tools: HookplayTool<any>[] = hookplayTools()): McpServer {
  const server = new McpServer(
    { name: 'hookplay', version },
    {
      instructions:
        'hookplay runs coding-agent hooks (Claude Code, Codex, Gemini CLI, Copilot CLI, Qwen Code, Mirri, Mework, open-strix) for real and explains what the host decides. Write a scenario (see hookplay://scenario-schema and hookplay://hosts/<id>/events) and call run_scenario to test a hook before handing it over; doctor checks a real project setup; import_project turns a project\'s hooks into a scenario.',
    },
  );
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: { title: tool.title, readOnlyHint: !tool.runsHooks, openWorldHint: false } },
      (args: Record<string, unknown>, extra: { signal: AbortSignal }) => tool.call(args as never, extra.signal),
    );
  }
  registerResources(server);
  return server;
}
