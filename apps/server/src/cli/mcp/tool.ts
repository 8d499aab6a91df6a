import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

/**
 * One MCP tool of `hookplay mcp`. Adding a tool is adding a file in tools/ that exports one of these and listing it
 * in tools/index.ts (a `run_on_real_host` tool, for instance, once a real host's backend exists): the server
 * registers whatever the list holds.
 */
export interface HookplayTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** false: the tool only reads (doctor, import); true: it runs hooks, which are processes on this machine. */
  runsHooks: boolean;
  call(args: z.infer<z.ZodObject<Shape>>, signal: AbortSignal): Promise<CallToolResult>;
}

/** A result both ways: readable text (the CLI's own formatting) and the same facts as structured content. */
export function result(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** Bad input, said as the CLI says it (the path of the field, the file and line), with the problems as data. */
export function failure(message: string, problems?: unknown[]): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }], ...(problems ? { structuredContent: { error: message, problems } } : { structuredContent: { error: message } }) };
}
