import type { Job } from '../dialect.js';

/**
 * The process a callback runs in. The real SDK calls the function inside the app's own Node process; hookplay never
 * runs scenario code inside itself, so each call is a child of its own (`node -e`), started by the runner like any
 * hook: its timeout, its process-group kill, its output cap and, when enabled, its sandbox. The source travels in
 * the job's environment, so nothing outside the run's directory needs to be visible to it (the sandbox shows
 * nothing else).
 *
 * Protocol: stdin is `{"input": <hook input>, "toolUseID": <id or null>}`; the last stdout line is
 * `hookplay-callback <json>` with `{"returned": value}` or `{"threw": message}`, and `ms`, how long the function
 * itself took: the app imported its module before query() started, so that, not the child's start-up, is when the
 * answer reaches the CLI (the finishing order the CLI reads answers in). Whatever else the function prints
 * is its own output, kept as a hook's. At the deadline the runner's SIGTERM aborts the `signal` the function got,
 * as the SDK does, and the process ends.
 */
export const CALLBACK_MARKER = 'hookplay-callback ';
export const CALLBACK_SOURCE_VAR = 'HOOKPLAY_SDK_CALLBACK';

const SOURCE = String.raw`
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
delete process.env.${CALLBACK_SOURCE_VAR};
const [file, name] = process.argv.slice(1);
const controller = new AbortController();
process.on('SIGTERM', () => {
  controller.abort(new Error('the hook timed out'));
  setTimeout(() => process.exit(143), 20);
});
const reply = (o) => process.stdout.write('\n' + ${JSON.stringify(CALLBACK_MARKER)} + JSON.stringify(o) + '\n', () => process.exit(0));
let request = { input: {}, toolUseID: null };
try { request = JSON.parse(readFileSync(0, 'utf8') || '{}'); } catch {}
try {
  const mod = await import(pathToFileURL(resolve(file)).href);
  const fn = mod[name];
  if (typeof fn !== 'function') throw new TypeError(file + ' exports no function "' + name + '"');
  const t0 = performance.now();
  try {
    const value = await fn(request.input, request.toolUseID ?? undefined, { signal: controller.signal });
    reply({ returned: value === undefined ? null : value, ms: performance.now() - t0 });
  } catch (e) {
    process.stderr.write(String(e && e.stack || e) + '\n');
    reply({ threw: String(e && e.message || e), ms: performance.now() - t0 });
  }
} catch (e) {
  process.stderr.write(String(e && e.stack || e) + '\n');
  reply({ threw: String(e && e.message || e) });
}
`;

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** The job that runs one callback: `file#export` in the project directory. */
export function callbackJob(base: Omit<Job, 'command' | 'stdin'>, ref: { file: string; name: string }, input: unknown, toolUseID: string | null): Job {
  return {
    ...base,
    command: `exec node --input-type=module -e "$${CALLBACK_SOURCE_VAR}" -- ${quote(ref.file)} ${quote(ref.name)}`,
    env: { ...base.env, [CALLBACK_SOURCE_VAR]: SOURCE },
    stdin: JSON.stringify({ input, toolUseID }),
  };
}

export type CallbackReply = { kind: 'returned'; value: unknown; ms?: number } | { kind: 'threw'; message: string; ms?: number } | { kind: 'timeout' } | { kind: 'crashed'; why: string };

/** What the callback's process says it did. */
export function readReply(result: { stdout: string; timedOut: boolean; exitCode: number | null; signal: string | null; spawnError?: string }): CallbackReply {
  if (result.timedOut) return { kind: 'timeout' };
  const line = result.stdout.split('\n').reverse().find((l) => l.startsWith(CALLBACK_MARKER));
  if (line) {
    try {
      const o = JSON.parse(line.slice(CALLBACK_MARKER.length)) as { returned?: unknown; threw?: string; ms?: number };
      const ms = typeof o.ms === 'number' ? { ms: o.ms } : {};
      if ('threw' in o) return { kind: 'threw', message: String(o.threw), ...ms };
      return { kind: 'returned', value: o.returned ?? null, ...ms };
    } catch {
      // fall through: the line was cut by the output cap
    }
  }
  return { kind: 'crashed', why: result.spawnError ?? (result.signal ? `its process was killed by ${result.signal}` : `its process exited ${result.exitCode} without an answer`) };
}

/** The callback's own output, without the protocol line. */
export const ownOutput = (stdout: string) => stdout.split('\n').filter((l) => !l.startsWith(CALLBACK_MARKER)).join('\n').replace(/\n+$/, '');
