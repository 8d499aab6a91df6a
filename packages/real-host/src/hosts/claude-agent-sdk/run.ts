import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { materialize, type SessionScenario } from '@hookplay/engine';
import type { RealRunOptions } from '../../adapter.js';
import { launchJailed, sandboxRun, type JailedRun } from '../../jail/launch.js';
import { anthropicApi } from '../../mock/anthropic.js';
import { startMockServer } from '../../mock/server.js';
import { baseEnv } from '../claude-code/run.js';
import { observe, probeSettings, type ClaudeObservation } from '../claude-code/observe.js';
import { DRIVER_SOURCE } from './driver.js';
import { sdkModelScript, type SdkScript } from './script.js';

/** hookplay's scripted canUseTool, in the engine's words (the emulation's lifecycle uses the same). */
const CAN_USE_TOOL = { denied: 'canUseTool denied this call', unanswered: 'hookplay: the scenario has no approval step for this prompt, so canUseTool denies it' };

export interface SdkRun {
  observation: ClaudeObservation;
  cli: { exitCode: number | null; signal: string | null; timedOut: boolean; cancelled: boolean; ms: number; stderrHead: string; otherTraffic: { method: string; url: string | undefined }[]; started: boolean };
  /** What the app itself saw: each callback call and how it ended, and a query() that threw. */
  callbacks: { event: string; spec: string; end: string }[];
  thrown: string[];
  kept?: string;
}

const readJsonl = (path: string): Record<string, any>[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Record<string, any>)
    : [];

/**
 * Plays a session through the real SDK: the scenario's files written as the emulation writes them, the app (driver.ts)
 * calling query() in the run's namespace against the Anthropic mock, its messages read back as Claude Code's stream
 * (they are the CLI's stream-json lines), and what only the app sees (callbacks, canUseTool) from its own logs.
 */
export async function runOnSdk(scenario: SessionScenario, script: SdkScript, options: RealRunOptions): Promise<SdkRun> {
  const { installed } = options;
  mkdirSync(options.runsDir, { recursive: true });
  const ws = await materialize(scenario.files, options.runsDir);
  const out = join(ws.root, 'out');
  const probeDir = join(ws.root, 'probe');
  mkdirSync(out, { recursive: true });
  mkdirSync(probeDir, { recursive: true });
  const host = scenario.host ?? {};
  const approvals = script.calls.some((c) => c.approval !== null);
  const canUseTool = host.canUseTool !== undefined || approvals;
  const config = {
    sdk: join(installed.dir, 'node_modules', '@anthropic-ai', 'claude-agent-sdk', 'sdk.mjs'),
    out,
    project: ws.project,
    probes: probeSettings(probeDir),
    ...(host.settingSources ? { settingSources: host.settingSources } : {}),
    callbacks: host.callbacks ?? {},
    calls: script.calls.map((c) => ({ id: c.id, input: c.input, approval: c.approval })),
    ...(canUseTool ? { canUseTool: { default: host.canUseTool ?? null, ...CAN_USE_TOOL } } : {}),
    ...(host.permissionMode ? { permissionMode: host.permissionMode } : {}),
    ...(host.allowedTools ? { allowedTools: host.allowedTools } : {}),
    prompts: script.turns.map((t) => t.prompt),
    processes: script.processes ?? [{ start: 'startup', from: 0, to: script.turns.length }],
  };
  writeFileSync(join(ws.root, 'drive.mjs'), DRIVER_SOURCE);
  writeFileSync(join(ws.root, 'drive.json'), JSON.stringify(config));
  const mock = await startMockServer(join(ws.root, 'mock.sock'), anthropicApi(sdkModelScript(script)));
  const box = options.sandbox ? await sandboxRun(options.sandbox, ws.root, [installed.dir]) : undefined;
  let run: JailedRun;
  try {
    options.onProgress?.(`starting the Claude Agent SDK ${installed.version} (query() in a Node app)`);
    run = await launchJailed({
      entry: { cmd: process.execPath, pre: [], path: process.execPath },
      args: [join(ws.root, 'drive.mjs'), join(ws.root, 'drive.json')],
      cwd: ws.project,
      env: baseEnv({ home: ws.home, tmp: ws.tmp }, host.env),
      mockSocket: mock.socket,
      timeoutMs: options.timeoutMs ?? 120_000,
      ...(box ? { sandbox: box } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } finally {
    await mock.close();
  }
  const messages = existsSync(join(out, 'messages.jsonl')) ? readFileSync(join(out, 'messages.jsonl'), 'utf8') : '';
  const seen = observe({ stdout: messages, requests: mock.requests, dirs: { project: ws.project, home: ws.home, root: ws.root }, probeDir });
  const observation = seen.observation;
  // Callbacks leave no hook event in the stream: the app counts them.
  const callbacks = readJsonl(join(out, 'callbacks.jsonl')) as SdkRun['callbacks'];
  for (const c of callbacks) {
    observation.hookRuns[c.event] = (observation.hookRuns[c.event] ?? 0) + 1;
    (observation.hookEnds ??= {})[c.event] = [...(observation.hookEnds[c.event] ?? []), c.end].sort();
  }
  if (canUseTool) observation.asked = readJsonl(join(out, 'asked.jsonl')).map((a) => ({ tool: a.tool, command: typeof a.input?.command === 'string' ? seen.norm(a.input.command) : null, answer: a.answer }));
  const thrown = readJsonl(join(out, 'thrown.jsonl')).map((t) => seen.norm(String(t.message)));
  const stderr = [run.stderr, existsSync(join(out, 'cli-stderr.txt')) ? readFileSync(join(out, 'cli-stderr.txt'), 'utf8') : ''].join('\n').trim();
  const result: SdkRun = {
    observation,
    cli: {
      exitCode: run.code,
      signal: run.signal,
      timedOut: run.timedOut,
      cancelled: run.cancelled,
      ms: run.ms,
      stderrHead: seen.norm([...thrown, stderr].join('\n').split('\n').slice(0, 8).join('\n').slice(0, 600)),
      otherTraffic: mock.other.map((o) => ({ method: o.method, url: o.url })),
      started: seen.events.some((e) => e.type === 'system' && e.subtype === 'init'),
    },
    callbacks,
    thrown,
  };
  if (options.keep) result.kept = ws.root;
  else await ws.dispose();
  return result;
}
