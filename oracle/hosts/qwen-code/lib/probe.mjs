// The harness's own probes, so a case's files stay as the case wrote them:
// - a `bash` wrapper first on PATH: for hook processes (the CLI sets GEMINI_PROJECT_DIR only for hooks) it logs
//   the command string, so hook runs are counted per command.
// - system-level hooks (QWEN_CODE_SYSTEM_SETTINGS_PATH) on PostToolUse, PostToolUseFailure and Stop that log their
//   payload: whether the tool ran, with which input, and each Stop's stop_hook_active. They print nothing, so they
//   add no answer to the case's hooks.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PROBE_MARK = 'hookplay-oracle-probe';
export const PROBED_EVENTS = ['PostToolUse', 'PostToolUseFailure', 'Stop'];

export function writeProbes(root) {
  // BASH_ENV is scrubbed by the CLI, so the probe is a `bash` first on PATH: it logs, then execs the real bash
  // (same pid, same process group).
  const binDir = join(root, 'bin');
  mkdirSync(binDir, { recursive: true });
  const realBash = ['/bin/bash', '/usr/bin/bash'].find((b) => existsSync(b)) ?? '/bin/bash';
  writeFileSync(
    join(binDir, 'bash'),
    [
      '#!/bin/sh',
      'if [ -n "${GEMINI_PROJECT_DIR:-}" ] && [ "$1" = "-c" ]; then',
      `  case "$2" in *${PROBE_MARK}*) ;; *) printf '%s\\n' "$(printf '%s' "$2" | base64 -w0)" >> "${root}/hook-runs.log" ;; esac`,
      'elif [ "$1" = "-c" ]; then',
      `  printf '%s\\n' "$(printf '%s' "$2" | base64 -w0)" >> "${root}/other-bash.log"`,
      'fi',
      `exec ${realBash} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(join(binDir, 'bash'), 0o755);
  const probe = (event) => ({ hooks: [{ type: 'command', command: `{ cat; echo; } >> "${root}/probe-${event}.jsonl" # ${PROBE_MARK}` }] });
  writeFileSync(join(root, 'system-settings.json'), JSON.stringify({ hooks: Object.fromEntries(PROBED_EVENTS.map((e) => [e, [probe(e)]])) }, null, 2));
  // Lowest-priority settings: offline auth, no telemetry, no updates, no folder-trust prompt. The case's own
  // user and project files stay exactly as written.
  writeFileSync(
    join(root, 'system-defaults.json'),
    JSON.stringify({ general: { enableAutoUpdate: false }, memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false, enableAutoSkill: false }, privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false }, security: { auth: { selectedType: 'openai' }, folderTrust: { enabled: false } } }, null, 2),
  );
  return { PATH: `${binDir}:${process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'}` };
}

const lines = (path) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()) : []);

export function readProbes(root) {
  const decode = (l) => Buffer.from(l, 'base64').toString('utf8');
  return {
    hookCommands: lines(join(root, 'hook-runs.log')).map(decode),
    otherBash: lines(join(root, 'other-bash.log')).map(decode),
    payloads: Object.fromEntries(PROBED_EVENTS.map((e) => [e, lines(join(root, `probe-${e}.jsonl`)).map((l) => JSON.parse(l))])),
  };
}
