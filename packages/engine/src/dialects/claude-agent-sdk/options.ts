import type { HostSettings } from '../../scenario.js';

/** The Agent SDK build hookplay is verified on, and the Claude Code build it bundles (its package.json's claudeCodeVersion). */
export const SDK_VERSION = '0.3.332';
export const BUNDLED_CLAUDE_CODE = '2.1.332';

export type SettingSource = 'user' | 'project' | 'local';
export const ALL_SOURCES: readonly SettingSource[] = ['user', 'project', 'local'];

/**
 * What query() loads when `settingSources` is not given. On 0.3.332 the SDK passes no --setting-sources flag and the
 * bundled CLI loads all three, as the interactive CLI does (recorded: sources-default-*). The 0.1 migration guide
 * said the opposite (no settings by default), which is why "my hook never fires" reports disagree.
 */
export const DEFAULT_SOURCES: readonly SettingSource[] = ALL_SOURCES;

/** The sources in effect, and whether they are the SDK's default. */
export function sourcesOf(host: HostSettings): { sources: readonly SettingSource[]; defaulted: boolean } {
  return host.settingSources === undefined ? { sources: DEFAULT_SOURCES, defaulted: true } : { sources: host.settingSources, defaulted: false };
}

/**
 * The Claude Code settings the bundled CLI applies: the SDK's own version means the CLI it ships, so the shared
 * claude-code rules run with that build's profile.
 */
export function bundledHost(host: HostSettings): HostSettings {
  const { version, settingSources: _s, callbacks: _c, canUseTool: _u, ...rest } = host;
  return { ...rest, version: version === undefined || version === SDK_VERSION ? BUNDLED_CLAUDE_CODE : `sdk-${version}` };
}

/** Whether the app passes canUseTool: the scenario scripts its answer, or answers some prompt with an approval step. */
export function hasCanUseTool(host: HostSettings, approvals: boolean): boolean {
  return host.canUseTool !== undefined || approvals;
}

/** What the model reads when canUseTool denies: hookplay's scripted app says this (it is the app's own text on a real one). */
export const CAN_USE_TOOL_DENIED = 'canUseTool denied this call';
/** A prompt with no approval step and no scripted answer, where canUseTool exists: hookplay's app denies it. */
export const CAN_USE_TOOL_UNANSWERED = 'hookplay: the scenario has no approval step for this prompt, so canUseTool denies it';
