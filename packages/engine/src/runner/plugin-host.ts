/**
 * The child process that runs one JS/TS plugin's hook handler, so no plugin code ever runs inside hookplay's own
 * process. The runner starts it like any hook command (own process group, timeout and kill sequence, output cap,
 * the sandbox when enabled); the dialect planned its stdin. It imports nothing of hookplay: inside the sandbox only
 * this file, node and the run's directory are there.
 *
 * stdin (one JSON document, see PluginCall): the plugin file, the hook name, the hook's input and output as the
 * hosts before it left them, the TypeScript sources already transpiled by the engine. stdout: whatever the plugin
 * prints, then one line `RESULT_MARK <json>` (PluginReport) as the last thing written.
 *
 * What it does is what OpenCode's loader does, as far as JavaScript semantics go: import the module, take each
 * distinct export (module namespace order, which JavaScript sorts by name), require every one to be a plugin
 * function (or an object with a `server` function), call each with the context, then call each returned hooks
 * object's handler for this hook, one after another, with the same input and output objects, stopping at the
 * first that throws. The dialect decides what the host then does with it.
 */
import { register } from 'node:module';
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';

import { RESULT_MARK, type PluginCall, type PluginReport } from './plugin-protocol.js';

/** Module hooks (registered in this process only): TypeScript served from the transpiled sources, extensionless paths resolved. */
const LOADER = `
let sources = {};
export async function initialize(data) { sources = data.sources; }
const EXT = ['', '.ts', '.js', '.mts', '.mjs', '/index.ts', '/index.js'];
export async function resolve(specifier, context, next) {
  if ((specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/') || specifier.startsWith('file:')) && context.parentURL) {
    const base = new URL(specifier, context.parentURL);
    for (const ext of EXT) {
      const url = new URL(base.href + ext);
      if (decodeURIComponent(url.pathname) in sources) return { url: url.href, shortCircuit: true, format: 'module' };
    }
    try { return await next(specifier, context); } catch (e) {
      for (const ext of EXT.slice(1)) { try { return await next(specifier + ext, context); } catch {} }
      throw e;
    }
  }
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url.startsWith('file:')) {
    const path = decodeURIComponent(new URL(url).pathname);
    if (path in sources) return { format: 'module', source: sources[path], shortCircuit: true };
    if (path.endsWith('.js') && context.format !== 'commonjs') {
      const r = await next(url, { ...context, format: 'module' });
      return r;
    }
  }
  return next(url, context);
}
`;

const message = (e: unknown): string => (e instanceof Error ? e.message : typeof e === 'string' ? e : String(e));

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (c: string) => (text += c));
    process.stdin.on('end', () => resolve(text));
    process.stdin.on('error', reject);
  });
}

/** Bun's `$` is not in node: a small stand-in that runs the command with sh -c (interpolations single-quoted). */
function shell(cwd: string) {
  const quote = (v: unknown) => `'${String(v).replace(/'/g, `'\\''`)}'`;
  return (parts: TemplateStringsArray, ...values: unknown[]) => {
    const command = parts.reduce((acc, p, i) => acc + p + (i < values.length ? (Array.isArray(values[i]) ? (values[i] as unknown[]).map(quote).join(' ') : quote(values[i])) : ''), '');
    let nothrow = false;
    const run = () =>
      new Promise<{ stdout: string; stderr: string; exitCode: number; text(): string }>((resolve, reject) => {
        execFile('/bin/sh', ['-c', command], { cwd, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
          const exitCode = err && typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : err ? 1 : 0;
          const out = { stdout, stderr, exitCode, text: () => stdout };
          if (exitCode !== 0 && !nothrow) reject(Object.assign(new Error(`command failed with exit code ${exitCode}: ${command}`), out));
          else resolve(out);
        });
      });
    let started: Promise<unknown> | null = null;
    const go = () => (started ??= run());
    const p = {
      quiet: () => p,
      nothrow: () => ((nothrow = true), p),
      text: async () => ((await go()) as { stdout: string }).stdout,
      then: (a: (v: unknown) => unknown, b?: (e: unknown) => unknown) => go().then(a, b),
      catch: (b: (e: unknown) => unknown) => go().catch(b),
    };
    return p;
  };
}

/** The SDK client talks to OpenCode's own server, which a playground run does not have: every call is recorded and does nothing. */
function unavailableClient(seen: string[]): unknown {
  const at = (path: string): unknown =>
    new Proxy(function () {}, {
      get: (_t, key) => (key === 'then' ? undefined : at(`${path}.${String(key)}`)),
      apply: () => {
        seen.push(path);
        return Promise.resolve({ data: undefined });
      },
    });
  return at('client');
}

async function main(): Promise<void> {
  const call = JSON.parse(await readStdin()) as PluginCall;
  const unavailable: string[] = [];
  const report: PluginReport = { loaded: false, exports: [], handlers: 0, ran: 0, output: call.output, originals: call.originals, same: call.same, unavailable };
  // The output object as the host hands it on: the original objects where no earlier plugin reassigned them.
  const originals = structuredClone(call.originals);
  const output: Record<string, unknown> = structuredClone(call.output);
  for (const key of call.same) if (key in originals) output[key] = originals[key];
  const input = call.input;
  try {
    register(`data:text/javascript,${encodeURIComponent(LOADER)}`, { data: { sources: call.sources } });
    let ns: Record<string, unknown>;
    try {
      ns = (await import(pathToFileURL(call.plugin).href)) as Record<string, unknown>;
    } catch (e) {
      report.loadError = message(e);
      return finish(report, output, originals);
    }
    report.exports = Object.keys(ns);
    const seen = new Set<unknown>();
    const plugins: ((ctx: unknown, options: unknown) => unknown)[] = [];
    for (const value of Object.values(ns)) {
      if (seen.has(value)) continue;
      seen.add(value);
      const fn = typeof value === 'function' ? value : value && typeof value === 'object' && typeof (value as { server?: unknown }).server === 'function' ? (value as { server: () => unknown }).server : null;
      if (!fn) {
        report.loadError = 'Plugin export is not a function';
        return finish(report, output, originals);
      }
      plugins.push(fn as (ctx: unknown, options: unknown) => unknown);
    }
    const ctx = { ...call.context, serverUrl: new URL(call.context.serverUrl), client: unavailableClient(unavailable), experimental_workspace: { register() {} }, $: shell(call.context.directory) };
    const hooks: Record<string, unknown>[] = [];
    for (const plugin of plugins) {
      try {
        hooks.push(((await plugin(ctx, call.options)) ?? {}) as Record<string, unknown>);
      } catch (e) {
        report.loadError = message(e);
        return finish(report, output, originals);
      }
    }
    report.loaded = true;
    for (const h of hooks) {
      const handler = h[call.hook];
      if (typeof handler !== 'function') continue;
      report.handlers++;
    }
    for (const h of hooks) {
      const handler = h[call.hook];
      if (typeof handler !== 'function') continue;
      report.ran++;
      try {
        await handler(input, output);
      } catch (e) {
        report.threw = { message: message(e) };
        break;
      }
    }
  } catch (e) {
    report.loadError ??= message(e);
  }
  finish(report, output, originals);
}

function finish(report: PluginReport, output: Record<string, unknown>, originals: Record<string, unknown>): void {
  report.output = output;
  report.originals = originals;
  report.same = Object.keys(originals).filter((k) => output[k] === originals[k]);
  const line = `\n${RESULT_MARK}${JSON.stringify(report, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}\n`;
  // Exit only once the line is written: a plugin's stray timers and sockets must not keep the process alive.
  process.stdout.write(line, () => process.exit(0));
}

main().catch((e: unknown) => {
  process.stderr.write(`hookplay plugin host: ${message(e)}\n`);
  process.exit(70);
});
