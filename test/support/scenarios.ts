import type { ScenarioInput } from '../../packages/engine/src/scenario.js';

/** A Mirri PreToolUse scenario whose hooks are the given shell commands, in config order. */
export function mirriScenario(commands: string[], extra: { timeout?: number; event?: string } = {}): ScenarioInput {
  const toml = commands
    .map((c) => `[[hooks]]\nevent = "${extra.event ?? 'PreToolUse'}"\ncommand = ${JSON.stringify(c)}\n${extra.timeout ? `timeout = ${extra.timeout}\n` : ''}`)
    .join('\n');
  return {
    hookplay: 1,
    dialect: 'mirri',
    files: { '~/.mirri-code/config.toml': toml },
    event: extra.event ?? 'PreToolUse',
    payload: { tool_name: 'Bash', tool_input: { command: 'ls' } },
  };
}

/** A unique marker to find a test's processes in /proc. */
export function marker(): string {
  return `${Math.floor(Math.random() * 1e6)}.${Math.floor(Math.random() * 1e3) + 1}`;
}
