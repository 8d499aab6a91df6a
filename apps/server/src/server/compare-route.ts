import type { Context } from 'hono';
import { parseScenario, ScenarioError, type SandboxConfig } from '@hookplay/engine';
import { compareVersions } from '../cli/versions-compare.js';
import type { Limits, VersionComparison } from '../protocol.js';
import { deepFileProblem, parseUntrusted } from './json-guard.js';
import { scenarioTooLarge } from './limits.js';
import type { PlanGuard } from './plan-guard.js';

/** One comparison at a time per server: it runs the scenario once per listed version, real hooks each time. */
let running = false;

/**
 * POST /api/compare-versions {"scenario": {...}}: the playground's "Compare versions". Same checks as a run (size,
 * JSON depth, a plan made in a worker with a deadline), then the scenario on every listed version of its host.
 */
export async function compareVersionsRoute(c: Context, { limits, guard, sandbox, refuse }: { limits: Limits; guard: PlanGuard; sandbox?: SandboxConfig; refuse?: string }): Promise<Response> {
  if (refuse) return c.json({ error: refuse }, 409);
  const parsed = parseUntrusted(await c.req.text(), limits.maxJsonDepth);
  const raw = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? (parsed.value as { scenario?: unknown }).scenario : undefined;
  if (raw === undefined) return c.json({ error: 'the body must be JSON: {"scenario": {...}}' }, 400);
  let scenario;
  try {
    scenario = parseScenario(raw);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return c.json({ error: `the scenario is not valid: ${e.problems.map((p) => `${p.path || '(root)'}: ${p.message}`).join('; ')}` }, 400);
  }
  const tooLarge = scenarioTooLarge(scenario, limits) ?? deepFileProblem(scenario.files, limits.maxJsonDepth)?.message;
  if (tooLarge) return c.json({ error: tooLarge }, 413);
  const checked = await guard.check(scenario, c.req.raw.signal);
  if (!checked.ok) return c.json({ error: checked.message }, 400);
  if (running) return c.json({ error: 'a version comparison is already running: try again when it ends' }, 429);
  running = true;
  try {
    const comparison: VersionComparison = await compareVersions(scenario, { signal: c.req.raw.signal, ...(sandbox ? { sandbox } : {}) });
    return c.json(comparison);
  } catch (e) {
    return c.json({ error: (e as Error).message }, 400);
  } finally {
    running = false;
  }
}
