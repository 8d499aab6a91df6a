import { endSpareSupervisors, killAllHookGroups, removalsSettled } from '@hookplay/engine';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs, UsageError } from '../args.js';
import { EXIT } from '../help.js';
import { createHookplayServer } from './server.js';

/** `hookplay mcp`: serves MCP on stdin/stdout until the client closes stdin (or Ctrl-C); logs go to stderr only. */
export async function mcpCommand(args: string[]): Promise<number> {
  try {
    const parsed = parseArgs(args, {});
    if (parsed.positional.length) throw new UsageError(`hookplay mcp takes no arguments, not ${parsed.positional.join(' ')}`);
  } catch (e) {
    process.stderr.write(`hookplay mcp: ${(e as Error).message}\nusage: hookplay mcp\n`);
    return EXIT.usage;
  }
  const server = createHookplayServer();
  const transport = new StdioServerTransport();
  let closing = false;
  const close = async (code: number) => {
    if (closing) return;
    closing = true;
    // Closing the server aborts every call in flight, whose hooks are then killed; nothing outlives it.
    await server.close().catch(() => {});
    killAllHookGroups();
    endSpareSupervisors();
    await removalsSettled();
    process.exit(code);
  };
  process.stdin.once('end', () => void close(EXIT.ok));
  process.stdin.once('close', () => void close(EXIT.ok));
  process.once('SIGINT', () => void close(EXIT.interrupted));
  process.once('SIGTERM', () => void close(EXIT.interrupted));
  await server.connect(transport);
  process.stderr.write('hookplay mcp: serving MCP on stdio (tools: run_scenario, run_on_every_host, compare_versions, doctor, import_project)\n');
  // The server keeps running; cli.ts leaves the exit to close().
  return -1;
}
