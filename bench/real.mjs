#!/usr/bin/env node
/**
 * The real-host backend's wall times, measured on the BUILT packages (`npm run build` first): for every host with
 * a real CLI installed (`hookplay hosts list`), a one-event run (the porting gallery's rm -rf guard, ported to the
 * host) and a 3-step session (prompt, the guarded tool call, a reply) on the real CLI, each beside the same scenario
 * emulated by the engine. Median of --runs. Nothing to pass or miss: the figures say what "Check on the real CLI"
 * costs against Run, per host.
 * Usage: node bench/real.mjs [--runs N] [--json]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REAL = join(ROOT, 'packages/real-host/dist/index.js');
const ENGINE = join(ROOT, 'packages/engine/dist/index.js');
for (const f of [REAL, ENGINE]) {
  if (!existsSync(f)) {
    process.stderr.write(`bench/real.mjs: ${f} is missing: run \`npm run build\` first\n`);
    process.exit(2);
  }
}
const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) || 3 : 3;
const json = args.includes('--json');
const real = await import(pathToFileURL(REAL).href);
const engine = await import(pathToFileURL(ENGINE).href);

const source = engine.parseScenarioText(readFileSync(join(ROOT, 'scenarios/porting/rm-rf-guard.hookplay.json'), 'utf8'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async (fn) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

const rows = [];
for (const host of real.REAL_HOST_IDS) {
  const adapter = real.ADAPTERS[host];
  const version = real.verifiedVersions(host)[0];
  if (!adapter || !real.findInstalled(host, version)) continue;
  const ported = host === source.dialect ? source : engine.portScenario(source, host).scenario;
  const wrapped = adapter.wrap(ported);
  if (wrapped.problems) {
    rows.push({ host, version, error: wrapped.problems.map((p) => p.message).join('; ') });
    continue;
  }
  const session = { ...wrapped.session, session: { steps: [...wrapped.session.session.steps, { reply: 'Done.' }] } };
  const measure = async (scenario) => {
    const realMs = [];
    const emulatedMs = [];
    for (let i = 0; i < RUNS; i++) {
      realMs.push(await time(() => real.runReal(scenario, { version })));
      emulatedMs.push(await time(() => engine.runAnyScenario(scenario, {})));
    }
    return { real: Math.round(median(realMs)), emulated: Math.round(median(emulatedMs)) };
  };
  try {
    rows.push({ host, version, event: await measure(ported), session: await measure(session) });
  } catch (e) {
    rows.push({ host, version, error: e.message.split('\n')[0] });
  }
}

if (json) process.stdout.write(`${JSON.stringify({ runs: RUNS, rows }, null, 2)}\n`);
else {
  console.log(`real-host wall times (median of ${RUNS}; real = the CLI in its namespace, against the mock)`);
  if (!rows.length) console.log('  no real host CLI installed: npx hookplay hosts install gemini-cli@0.61.0');
  for (const r of rows) {
    if (r.error) console.log(`  ${r.host} ${r.version}: could not run (${r.error})`);
    else console.log(`  ${`${r.host} ${r.version}`.padEnd(22)} one event: real ${r.event.real} ms, emulated ${r.event.emulated} ms   3-step session: real ${r.session.real} ms, emulated ${r.session.emulated} ms`);
  }
}
