import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SessionOutcome } from '../../packages/engine/src/outcome.js';
import { CLI, REPO } from '../support/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'hookplay-cli-session-'));
function write(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content, null, 2));
  return path;
}

async function hookplay(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('node', [CLI, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const STOP_LOOP = join(REPO, 'scenarios/claude-code/session-stop-loop-cap.hookplay.json');

describe('hookplay run with a session', () => {
  it('prints every step with its events, the model request after it, and why the session ended', async () => {
    const { code, stdout } = await hookplay('run', STOP_LOOP);
    expect(code).toBe(0);
    expect(stdout).toMatch(/1\. prompt "fix the failing test"/);
    expect(stdout).toMatch(/2\. reply "Fixed it\."/);
    expect(stdout.match(/Stop block/g)).toHaveLength(9);
    expect(stdout).toMatch(/the model answers again/);
    expect(stdout).toMatch(/Ended stop-cap: Stop hooks blocked 9 times in a row/);
    expect(stdout).toMatch(/The model has been told/);
  });

  it('--json prints the session outcome, valid against its schema', async () => {
    const { code, stdout } = await hookplay('run', STOP_LOOP, '--json');
    expect(code).toBe(0);
    const outcome = SessionOutcome.parse(JSON.parse(stdout));
    expect(outcome.ended.reason).toBe('stop-cap');
    expect(outcome.steps.map((s) => s.label)).toContain('session end');
  });

  it('a step the host cannot reach is an error naming the step, and nothing runs', async () => {
    const file = write('unreachable.hookplay.json', {
      hookplay: 1,
      dialect: 'claude-code',
      files: { '.claude/settings.json': JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `touch ${join(dir, 'ran')}` }] }] } }) },
      session: { steps: [{ prompt: 'go' }, { approval: 'allow' }] },
    });
    const { code, stdout } = await hookplay('run', file);
    expect(code).toBe(2);
    expect(stdout).toMatch(/session\.steps\[1\]\.approval \(approval: allow\): an approval answers the permission prompt of the tool call just before it/);
    expect(stdout).not.toMatch(/SessionStart/);
  });

  it('a scenario with both event and session says which to keep', async () => {
    const file = write('both.hookplay.json', { hookplay: 1, dialect: 'claude-code', files: {}, event: 'Stop', session: { steps: [{ prompt: 'go' }] } });
    const { code, stderr } = await hookplay('run', file);
    expect(code).toBe(2);
    expect(stderr).toMatch(/session: a scenario has either `event` \(one event\) or `session` \(a whole session\), not both/);
  });
});

describe('hookplay test with sessions', () => {
  it('checks the session expect and every step expect, naming the step of each difference', async () => {
    const file = write('wrong.hookplay.json', {
      hookplay: 1,
      dialect: 'claude-code',
      files: {},
      session: { steps: [{ prompt: 'go' }, { tool: 'Bash', input: { command: 'touch x' }, expect: { tool: { ran: true } } }] },
      expect: { ended: { reason: 'completed' } },
    });
    const { code, stdout } = await hookplay('test', file, join(REPO, 'scenarios/claude-code'), '--filter', 'session-');
    expect(code).toBe(1);
    expect(stdout).toMatch(/session\.steps\[1\]\.expect\.tool\.ran: expected true, got false/);
    expect(stdout).toMatch(/✓ .*session-stop-loop-cap/);
    expect(stdout).toMatch(/[1-9]\d* passed, 1 failed/);
  });
});
