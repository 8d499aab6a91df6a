import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../packages/engine/src/outcome.js';
import { CLI, CONFORMANCE, hasConformance } from '../support/paths.js';
import { useServerWithClient } from '../support/server.js';
import { connect, isOutcomeOf, type Client } from '../support/ws-client.js';

/** What must not differ between two runs of one scenario: everything but timings and wall-clock timestamps. */
function stable(o: Outcome) {
  const untimed = { ...o, hooks: o.hooks.map(({ startMs, durationMs, ...rest }) => rest) };
  return JSON.parse(JSON.stringify(untimed).replace(/\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)?/g, '<timestamp>'));
}

const ctx = useServerWithClient();

describe.runIf(hasConformance)('every conformance scenario gives the same outcome over the WebSocket as `hookplay run --json`', () => {
  const files = hasConformance ? readdirSync(CONFORMANCE).filter((f) => f.endsWith('.hookplay.json')) : [];
  it.each(files)('%s', async (file) => {
    const path = join(CONFORMANCE, file);
    const scenario = JSON.parse(readFileSync(path, 'utf8'));
    const id = file.replace(/\.hookplay\.json$/, '');
    ctx.client.send({ type: 'run', id, scenario });
    const [message, cli] = await Promise.all([ctx.client.waitFor(isOutcomeOf(id)), promisify(execFile)('node', [CLI, 'run', path, '--json'])]);
    const viaWs = message.event.type === 'outcome' ? message.event.outcome : null;
    expect(stable(viaWs!)).toEqual(stable(JSON.parse(cli.stdout) as Outcome));
  });
});
