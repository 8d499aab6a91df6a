import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModuleRuntime } from '../dialects/dialect.js';

/**
 * The plugin host beside this file once built (dist/runner/plugin-host.js). Tests run the engine from its sources,
 * where the host is still TypeScript that node cannot start: they use the built one (npm test builds first).
 */
const here = dirname(fileURLToPath(import.meta.url));
export const PLUGIN_HOST = import.meta.url.endsWith('.ts') ? join(here, '..', '..', 'dist', 'runner', 'plugin-host.js') : join(here, 'plugin-host.js');
/** Everything the plugin host needs at run time, bound read-only into the sandbox: this folder. */
export const PLUGIN_HOST_DIR = dirname(PLUGIN_HOST);

type Ts = typeof import('typescript');
let ts: Ts | null = null;
const cache = new Map<string, ReturnType<ModuleRuntime['transpile']>>();
const CACHE_MAX = 512;

/**
 * TypeScript → JavaScript with TypeScript's own transpileModule: types are erased, nothing is type-checked (as Bun
 * does for OpenCode: a type error does not stop a plugin). Loaded on first use only, since most runs have no
 * TypeScript plugin; pure, so no plugin code runs here.
 */
function transpile(path: string, source: string): ReturnType<ModuleRuntime['transpile']> {
  const key = createHash('sha256').update(path).update('\0').update(source).digest('hex');
  const hit = cache.get(key);
  if (hit) return hit;
  ts ??= createRequire(import.meta.url)('typescript') as Ts;
  const out = ts.transpileModule(source, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false, jsx: ts.JsxEmit.ReactJSX, sourceMap: false },
  });
  const error = out.diagnostics?.find((d) => d.category === ts!.DiagnosticCategory.Error);
  let result: ReturnType<ModuleRuntime['transpile']>;
  if (error) {
    const pos = error.file && error.start !== undefined ? error.file.getLineAndCharacterOfPosition(error.start) : null;
    result = { error: ts.flattenDiagnosticMessageText(error.messageText, '\n'), ...(pos ? { line: pos.line + 1, column: pos.character + 1 } : {}) };
  } else result = { code: out.outputText };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}

function listDir(path: string): string[] | null {
  try {
    return readdirSync(path);
  } catch {
    return null;
  }
}

/** The runner's side of module hooks, handed to dialects in prepare (they never import node themselves). */
export const MODULE_RUNTIME: ModuleRuntime = { node: process.execPath, host: PLUGIN_HOST, transpile, listDir };
