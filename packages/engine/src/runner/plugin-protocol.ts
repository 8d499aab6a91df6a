/**
 * What the plugin host (plugin-host.ts, a child process) and the dialect that plans its calls agree on. Pure: the
 * dialect imports it; the host imports it beside itself.
 */
export const RESULT_MARK = '\u001ehookplay-plugin-result ';

export interface PluginCall {
  plugin: string;
  hook: string;
  input: unknown;
  /** The output object as earlier plugins left it. */
  output: Record<string, unknown>;
  /** The output's original top-level values (the objects the host itself keeps using), as earlier plugins left them. */
  originals: Record<string, unknown>;
  /** Keys whose value in `output` is still the original object (not reassigned by an earlier plugin). */
  same: string[];
  context: { directory: string; worktree: string; project: unknown; serverUrl: string };
  options: Record<string, unknown>;
  /** Absolute path → JavaScript, for every TypeScript file the plugin may import. */
  sources: Record<string, string>;
}

export interface PluginReport {
  loaded: boolean;
  /** Why the module did not load (import failed, an export is not a plugin, the plugin function threw). */
  loadError?: string;
  exports: string[];
  /** Hooks objects that had a handler for this hook, and how many of them ran. */
  handlers: number;
  ran: number;
  threw?: { message: string };
  output: unknown;
  originals: unknown;
  same: string[];
  /** Calls the plugin made to what hookplay cannot provide (the SDK client): said, never faked. */
  unavailable: string[];
}

