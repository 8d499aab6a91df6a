#!/usr/bin/env node
// `npm run oracle -- --host claude-agent-sdk [--replay]`. The Agent SDK's cases are sessions on the shared real-host
// harness: recording them is the session sweep (oracle/sessions/claude-agent-sdk.mjs, run by oracle/sessions/run.mjs,
// which this hands every other flag to). With --replay, every recording of the SDK's version is played through the
// engine, and when every one agrees (known gaps aside) the rules each agreeing case stated are written to
// packages/engine/src/dialects/claude-agent-sdk/recorded/VERSION.json: what the dialect may call "recorded".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeRecordedRules } from '../../lib/recorded-rules.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const argv = process.argv.slice(2);
if (!argv.includes('--replay')) {
  process.argv = [process.argv[0], process.argv[1], ...argv.filter((a, i) => a !== '--host' && argv[i - 1] !== '--host'), '--host', 'claude-agent-sdk'];
  await import(pathToFileURL(join(ROOT, 'oracle', 'sessions', 'run.mjs')).href);
} else {
  const built = join(ROOT, 'packages', 'real-host', 'dist', 'index.js');
  if (!existsSync(built)) {
    console.error(`${built} is missing: run npm run build first`);
    process.exit(2);
  }
  const realHost = await import(pathToFileURL(built).href);
  const version = realHost.verifiedVersions('claude-agent-sdk')[0];
  const dir = join(ROOT, 'oracle', 'recorded', 'claude-agent-sdk', version);
  const gaps = JSON.parse(readFileSync(join(ROOT, 'oracle', 'recorded', 'known-gaps.json'), 'utf8')).gaps;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const ruleCases = {};
  let agreed = 0;
  const queue = [...files];
  await Promise.all([0, 1].map(async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const recorded = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      if (recorded.case in gaps) continue;
      const { differences, stale, codes } = await realHost.replayCase(recorded);
      if (differences.length || stale) {
        console.log(`✗ ${recorded.case}${stale ? ' (stale)' : ''}`);
        for (const d of differences) console.log(`    ${d.path}: real ${JSON.stringify(d.real)?.slice(0, 300)} | hookplay ${JSON.stringify(d.emulated)?.slice(0, 300)}`);
        continue;
      }
      agreed++;
      for (const code of codes) (ruleCases[code] ??= []).push(recorded.case);
    }
  }));
  const counted = files.length - Object.keys(gaps).filter((id) => files.includes(`${id}.json`)).length;
  console.log(`${agreed}/${counted} recorded cases agree with the Claude Agent SDK ${version}`);
  if (agreed !== counted) process.exit(1);
  const path = writeRecordedRules(ROOT, version, agreed, ruleCases, 'claude-agent-sdk');
  console.log(`wrote ${path}`);
  process.exit(0);
}
