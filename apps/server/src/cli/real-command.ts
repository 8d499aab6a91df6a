import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '@hookplay/engine';
import { CannotExpressError, HostNotInstalledError, JailUnavailableError, NoRealHostError, recordCase, RealRunError, runReal } from '@hookplay/real-host';
import { UsageError } from './args.js';
import { formatReal, realJson } from './format-real.js';
import { EXIT } from './help.js';
import { dim } from './style.js';

export const REAL_OPTIONS = {
  '--real': { kind: 'flag' },
  '--version': { kind: 'value' },
  '--record': { kind: 'optional' },
  '--keep': { kind: 'flag' },
  '--timeout': { kind: 'value' },
} as const;

/** Where `--record` writes by default: this checkout's oracle/recorded, when hookplay runs from its source tree. */
export function defaultRecordDir(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = resolve(here, '..', '..', '..', '..', 'oracle', 'recorded');
  return existsSync(dirname(dir)) ? dir : null;
}

export interface RealRequest {
  version?: string;
  record?: string | true;
  keep: boolean;
  timeoutMs?: number;
}

export function realRequest(values: Map<string, string | true>): RealRequest | null {
  const only = ['--version', '--record', '--keep', '--timeout'].filter((o) => values.has(o));
  if (!values.has('--real')) {
    if (only.length) throw new UsageError(`${only.join(', ')} only go with --real`);
    return null;
  }
  const timeout = values.get('--timeout');
  if (timeout !== undefined && (typeof timeout !== 'string' || !/^\d+$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 3600)) throw new UsageError('--timeout takes whole seconds from 1 to 3600');
  const version = values.get('--version');
  if (version === true) throw new UsageError('--version needs a value');
  return {
    ...(version ? { version } : {}),
    ...(values.has('--record') ? { record: values.get('--record')! } : {}),
    keep: values.has('--keep'),
    ...(typeof timeout === 'string' ? { timeoutMs: Number(timeout) * 1000 } : {}),
  };
}

/**
 * `hookplay run FILE --real`: the scenario on the real host CLI and through the engine, side by side. Exit 0 when
 * they agree, 1 when they differ, 2 when it cannot run (not installed, not expressible, the CLI failed or hung).
 */
export async function runRealCommand(scenario: Scenario, request: RealRequest, json: boolean, signal: AbortSignal): Promise<number> {
  let recordDir: string | null = null;
  if (request.record !== undefined) {
    recordDir = request.record === true ? defaultRecordDir() : resolve(request.record);
    if (!recordDir) {
      process.stderr.write('hookplay run: --record needs a folder (--record=DIR) outside a hookplay checkout\n');
      return EXIT.usage;
    }
  }
  try {
    const comparison = await runReal(scenario, {
      ...(request.version ? { version: request.version } : {}),
      signal,
      keep: request.keep,
      ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}),
      ...(json ? {} : { onProgress: (line: string) => process.stderr.write(dim(`  … ${line}\n`)) }),
    });
    if (json) process.stdout.write(`${JSON.stringify(realJson(comparison), null, 2)}\n`);
    else process.stdout.write(`${formatReal(comparison)}\n`);
    if (recordDir) {
      const path = recordCase(comparison, scenario, recordDir);
      process.stderr.write(`recorded as ${path}: npm test replays it from now on\n`);
    }
    return comparison.differences.length ? EXIT.failed : EXIT.ok;
  } catch (e) {
    if (signal.aborted) {
      process.stderr.write('hookplay run: interrupted; the real CLI and everything it started were stopped\n');
      return EXIT.interrupted;
    }
    if (e instanceof CannotExpressError || e instanceof HostNotInstalledError || e instanceof JailUnavailableError || e instanceof RealRunError || e instanceof NoRealHostError) {
      process.stderr.write(`hookplay run --real: ${e.message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
}
