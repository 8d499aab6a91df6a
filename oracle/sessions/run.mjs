#!/usr/bin/env node
// `npm run oracle:sessions -- --host H`: the session sweep of one host. Its generator (oracle/sessions/<host>.mjs,
// `generate()`: seeded, so the same cases every time) makes hookplay session scenarios along that host's dimensions;
// each is played on the real CLI and through the engine (`runReal`, packages/real-host), every disagreement is
// reported, and what the CLI did is recorded as oracle/recorded/<host>/<version>/<case>.json, which `npm test`
// replays (packages/real-host/test/replaying_recorded_cases.test.ts).
//
//   node oracle/sessions/run.mjs --host claude-code                  record every case and compare
//   node oracle/sessions/run.mjs --host claude-code --slice 2/8      every 8th case from the 2nd
//   node oracle/sessions/run.mjs --host claude-code --case perm-     cases whose id contains "perm-" (repeatable)
//   node oracle/sessions/run.mjs --host claude-code --stale          only cases not recorded for their definition
//   node oracle/sessions/run.mjs --host claude-code --jobs 3         three real runs at once
//   node oracle/sessions/run.mjs --host claude-code --dry            compare without writing recordings
//   node oracle/sessions/run.mjs --host claude-code --replay         compare the recordings only (no CLI)
//   node oracle/sessions/run.mjs --host claude-code --list           print the generated cases' ids
//   node oracle/sessions/run.mjs --host qwen-code --case X --runs 4  play each case 4 times: where the host answers
//                                                                     differently, every answer is recorded (alternatives)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');
const RECORDED = join(ROOT, 'oracle', 'recorded');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]] : []));
const fail = (message) => {
  console.error(message);
  process.exit(2);
};

const host = values('--host')[0] ?? 'claude-code';
const generatorPath = join(HERE, `${host}.mjs`);
if (!existsSync(generatorPath)) fail(`no session generator for ${host}: expected ${generatorPath}`);
const built = join(ROOT, 'packages', 'real-host', 'dist', 'index.js');
if (!existsSync(built)) fail(`${built} is missing: run npm run build first`);
const realHost = await import(pathToFileURL(built).href);
const { generate } = await import(pathToFileURL(generatorPath).href);
const version = values('--version')[0] ?? realHost.verifiedVersions(host)[0];
const jobs = Number(values('--jobs')[0] ?? 1);
const times = Number(values('--runs')[0] ?? 1);
if (!Number.isInteger(times) || times < 1 || times > 10) fail('--runs takes a whole number from 1 to 10');
if (!Number.isInteger(jobs) || jobs < 1 || jobs > 8) fail('--jobs takes a whole number from 1 to 8');

let cases = generate();
const ids = new Set();
for (const c of cases) {
  if (ids.has(c.id)) fail(`the generator made two cases with the id ${c.id}`);
  ids.add(c.id);
}
if (flag('--list')) {
  for (const c of cases) console.log(`${c.id}\t${c.scenario.title ?? ''}`);
  process.exit(0);
}
const filters = values('--case');
if (filters.length) cases = cases.filter((c) => filters.some((f) => c.id.includes(f)));
const slice = values('--slice')[0];
if (slice) {
  const m = /^(\d+)\/(\d+)$/.exec(slice);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) fail(`--slice takes K/N with 1 <= K <= N, not ${JSON.stringify(slice)}`);
  cases = cases.filter((_, i) => i % Number(m[2]) === Number(m[1]) - 1);
}
const pathOf = (c) => join(RECORDED, host, version, `${c.id}.json`);
if (flag('--stale')) {
  cases = cases.filter((c) => {
    if (!existsSync(pathOf(c))) return true;
    const recorded = JSON.parse(readFileSync(pathOf(c), 'utf8'));
    return JSON.stringify(recorded.scenario) !== JSON.stringify(c.scenario);
  });
}
if (!cases.length) {
  console.log('no case to run');
  process.exit(0);
}

const gaps = JSON.parse(readFileSync(join(RECORDED, 'known-gaps.json'), 'utf8')).gaps;
let failed = 0;
let errors = 0;
const t0 = Date.now();
const report = (c, differences, extra = '') => {
  if (c.id in gaps) return console.log(`~ ${c.id} — known gap${differences.length ? '' : ' (agreed this time)'}: ${gaps[c.id]}`);
  if (!differences.length) return console.log(`✓ ${c.id}${extra}`);
  failed++;
  console.log(`✗ ${c.id} — ${c.scenario.title ?? ''}${extra}`);
  for (const d of differences) console.log(`    ${d.path} (${d.what}): real ${JSON.stringify(d.real)?.slice(0, 400)} | hookplay ${JSON.stringify(d.emulated)?.slice(0, 400)}`);
};

async function one(c) {
  if (flag('--replay')) {
    if (!existsSync(pathOf(c))) return console.log(`? ${c.id} — not recorded on ${version}`);
    const recorded = JSON.parse(readFileSync(pathOf(c), 'utf8'));
    const { differences, stale } = await realHost.replayCase(recorded);
    return report(c, differences, stale ? ' (stale: record again)' : '');
  }
  try {
    const comparison = await realHost.runReal(c.scenario, { version, timeoutMs: c.timeoutMs ?? 120_000 });
    // Further runs of the same case: what the host answered differently each time is kept beside the first answer.
    const alternatives = [];
    let agreed = comparison.differences.length === 0;
    for (let k = 1; k < times; k++) {
      const again = await realHost.runReal(c.scenario, { version, timeoutMs: c.timeoutMs ?? 120_000 });
      // Two runs answered alike when the host's own comparison finds nothing between them (times, ids aside).
      const compare = realHost.ADAPTERS[host].compare;
      if ([comparison.observations.real, ...alternatives].every((o) => compare(o, again.observations.real).length > 0)) alternatives.push(again.observations.real);
      agreed ||= again.differences.length === 0;
    }
    if (!flag('--dry')) realHost.recordCase(comparison, c.scenario, RECORDED, c.id, alternatives);
    const extra = ` (${comparison.cli.ms} ms${times > 1 ? `; ${alternatives.length + 1} different answer(s) in ${times} runs` : ''})`;
    report(c, agreed ? [] : comparison.differences, extra);
  } catch (e) {
    errors++;
    console.log(`! ${c.id} — ${e.message.split('\n').join(' ').slice(0, 400)}`);
  }
}

const queue = [...cases];
await Promise.all(Array.from({ length: jobs }, async () => {
  for (let c = queue.shift(); c; c = queue.shift()) await one(c);
}));
console.log(`\n${cases.length - failed - errors}/${cases.length} cases agree with ${host} ${version}${errors ? `, ${errors} could not run` : ''} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
process.exit(failed || errors ? 1 : 0);
