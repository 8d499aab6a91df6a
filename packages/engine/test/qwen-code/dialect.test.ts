import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dialectCatalog, getDialect } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the oracle harness
import { CASES } from '../../../../oracle/hosts/qwen-code/cases.mjs';
import { runQwen, SHELL } from './helpers.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../../src/dialects/qwen-code');
/** The session sweep's recordings (oracle/recorded/qwen-code/0.24.4), which the dialect cites beside the oracle's cases. */
const SWEPT = join(dirname(fileURLToPath(import.meta.url)), '../../../../oracle/recorded/qwen-code/0.24.4');

describe('qwen-code: the dialect', () => {
  it('is registered, with its version, its 22 events and a sample for each', () => {
    const d = getDialect('qwen-code');
    expect(d.versions).toEqual({ supported: ['0.24.4'], default: '0.24.4' });
    expect(d.events).toHaveLength(22);
    for (const e of d.events) expect(Object.keys(e.sample).length, e.name).toBeGreaterThan(0);
    expect(dialectCatalog().some((c: { id: string }) => c.id === 'qwen-code')).toBe(true);
  });

  it('says it is verified against Qwen Code 0.24.4 on every recorded case', () => {
    expect(getDialect('qwen-code').verifiedAgainst).toMatchObject({ host: 'Qwen Code', version: '0.24.4', cases: (CASES as unknown[]).length });
  });

  it('names only recorded cases that exist as evidence', () => {
    const ids = new Set([...(CASES as { id: string }[]).map((c) => c.id), ...readdirSync(SWEPT).map((f) => f.replace(/\.json$/, ''))]);
    const cited = readdirSync(SRC)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(join(SRC, f), 'utf8').matchAll(/(?:recorded\(|cases: )\[([^\]]*)\]/g)].flatMap((m) => [...m[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!).filter((id) => id.includes('-'))));
    expect(cited.length).toBeGreaterThan(30);
    expect(cited.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('suggests the nearest real event for a misspelt one in a scenario', async () => {
    const outcome = await runQwen({ event: 'PreToolUse', files: { '.qwen/settings.json': '{"hooks": {"Stopp": [{"hooks": [{"type": "command", "command": "true"}]}]}}' }, payload: SHELL });
    expect(outcome.diagnostics.find((d) => d.code === 'config.unknown-event')?.message).toContain('did you mean "Stop"?');
  });

  it('writes the payload with its base fields first and no trailing newline', async () => {
    const outcome = await runQwen({ event: 'PreToolUse', groups: [{ hooks: [{ type: 'command', command: 'cat > payload.json; node -e \'const r=require("fs").readFileSync("payload.json","utf8");console.error(Object.keys(JSON.parse(r)).join(",")+(r.endsWith("\\n")?" NL":""));process.exit(2)\'' }] }] });
    expect(outcome.reason).toBe('session_id,transcript_path,cwd,hook_event_name,timestamp,permission_mode,prompt_id,tool_name,tool_input,tool_use_id,tool_call_id');
  });
});
