import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

interface RecordedFixture {
  caseHash: string;
  host: { version: string };
}

/**
 * The recordings of one host's oracle are current: exactly one fixture per case, each recorded on `version` for
 * the case's present definition (`hash`). `rerun` is the command that re-records a case, for the failure message.
 * Returns each case's fixture, for checks of a host's own.
 */
export function expectRecordingsCurrent<C extends { id: string }, F extends RecordedFixture>(
  fixtures: string,
  cases: readonly C[],
  version: string,
  hash: (c: C) => string,
  rerun: string,
): Map<string, F> {
  const recorded = readdirSync(fixtures).filter((f) => f.endsWith('.json'));
  expect(recorded.sort()).toEqual(cases.map((c) => `${c.id}.json`).sort());
  const read = new Map<string, F>();
  for (const c of cases) {
    const fixture = JSON.parse(readFileSync(join(fixtures, `${c.id}.json`), 'utf8')) as F;
    expect(fixture.host.version, c.id).toBe(version);
    expect(fixture.caseHash, `${c.id} changed since it was recorded: run ${rerun} --case ${c.id}`).toBe(hash(c));
    read.set(c.id, fixture);
  }
  return read;
}
