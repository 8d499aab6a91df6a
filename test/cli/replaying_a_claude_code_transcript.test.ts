/**
 * "Why didn't my hook fire?" from evidence: `hookplay import --transcript FILE` turns a Claude Code transcript
 * (JSONL) into the session scenario that replays it with the project's hooks; lines it cannot use are reported,
 * not fatal; `hookplay test` then names the step where the emulation parts from the real run.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Scenario } from '../../packages/engine/src/scenario.js';
import { hookplay } from '../support/cli.js';
import { REPO } from '../support/paths.js';

const TRANSCRIPT = join(REPO, 'test/cli/fixtures/transcript/session.jsonl');
const PROJECT = join(REPO, 'test/cli/fixtures/team-project');
const scratch = mkdtempSync(join(tmpdir(), 'hookplay-transcript-test-'));

describe('hookplay import --transcript', { timeout: 120_000 }, () => {
  it("writes the session that replays the transcript with the project's hooks, and reports the lines it skipped", async () => {
    const out = join(scratch, 'replay.hookplay.json');
    const { code, stdout, stderr } = await hookplay(['import', '--transcript', TRANSCRIPT, '--project', PROJECT, '--out', out]);
    expect(code).toBe(0);
    expect(stdout).toBe(`wrote ${out}\n`);
    const scenario = Scenario.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(scenario).toMatchObject({ dialect: 'claude-code', title: 'Replay of session 6f1c2d9e-2b4a-4c1e-9d51-3a7e0b8f4c21' });
    expect(Object.keys(scenario.files)).toContain('.claude/settings.json');
    expect(scenario.session!.steps).toEqual([
      { prompt: 'run the tests, then clean the build folder' },
      { tool: 'Bash', input: { command: 'npm test', description: 'Run the tests' }, result: { output: '> test\n> node --test\n\nok 3 tests' }, expect: { tool: { ran: true } } },
      { approval: 'allow' },
      {
        tool: 'Bash',
        input: { command: 'rm -rf build', description: 'Remove the build folder' },
        result: { error: expect.stringContaining('blocked by hook') },
        expect: { tool: { ran: false, decidedBy: 'hook' } },
      },
      { reply: 'The tests pass. A hook does not allow rm -rf here, so build/ is still there.' },
      { prompt: 'now delete it anyway' },
      { interrupt: true },
    ]);
    expect(stderr).toMatch(/^session: 2 prompts, 2 tool calls, 1 replies, 1 interrupts \(7 steps\)$/m);
    expect(stderr).toMatch(/^not replayed: line 1: a "summary" line: only user and assistant messages are replayed$/m);
    expect(stderr).toMatch(/^not replayed: line 10: not a JSON object$/m);
    expect(stderr).toMatch(/^not replayed: line 11: the host's own note/m);

    // Replayed with today's hooks, the run agrees with the real one: the hook still blocks rm -rf.
    const test = await hookplay(['test', out]);
    expect(test.stdout).toMatch(/1 passed, 0 failed/);
    expect(test.code).toBe(0);
  });

  it('names the step where the emulation parts from the real run (the hook is gone)', async () => {
    const bare = join(scratch, 'no-hooks');
    mkdirSync(bare);
    const out = join(scratch, 'bare.hookplay.json');
    const imported = await hookplay(['import', '--transcript', TRANSCRIPT, '--project', bare, '--out', out]);
    expect(imported.code).toBe(0);
    expect(imported.stderr).toMatch(/no Claude Code hook config in .*no-hooks: the replay runs with no hooks/);
    const test = await hookplay(['test', out]);
    expect(test.code).toBe(1);
    expect(test.stdout).toMatch(/session\.steps\[3\]\.expect\.tool\.decidedBy: expected "hook", got "rule"/);
  });

  it('bad input is exit 2 with what is wrong: no such file, no prompt at all, a dialect other than Claude Code', async () => {
    const junk = join(scratch, 'junk.jsonl');
    writeFileSync(junk, 'not json\n{"type":"summary","summary":"x"}\n');
    const cases: [string[], RegExp][] = [
      [['import', '--transcript', join(scratch, 'nope.jsonl')], /--transcript .*nope\.jsonl: no such file/],
      [['import', '--transcript', junk, '--project', PROJECT], /junk\.jsonl: no user prompt found in 2 lines.*line 1: not a JSON object/],
      [['import', '--transcript', TRANSCRIPT, '--dialect', 'codex'], /--dialect must be claude-code, not "codex"/],
      [['import', '--transcript', TRANSCRIPT, '--event', 'Stop'], /--event does not go with --transcript/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await hookplay(args, { cwd: scratch });
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(stderr).toMatch(message);
    }
  });
});
