import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Outcome } from '../../packages/engine/src/outcome.js';
import { CLI } from '../support/paths.js';
import { mirriScenario } from '../support/scenarios.js';

const dir = mkdtempSync(join(tmpdir(), 'hookplay-cli-test-'));
function write(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
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

const blocking = mirriScenario(['echo "no rm please" >&2; exit 2', 'echo fine']);

describe('hookplay run', () => {
  it('explains the verdict in words: which hook, which rule', async () => {
    const { code, stdout } = await hookplay('run', write('block.hookplay.json', blocking));
    expect(code).toBe(0);
    expect(stdout).toMatch(/Verdict block: no rm please/);
    expect(stdout).toMatch(/#1 .*exit 2/);
    expect(stdout).toMatch(/hook #1 blocks \(exit 2\)/);
  });

  it('--json prints only the outcome, valid against the schema', async () => {
    const { code, stdout } = await hookplay('run', write('block2.hookplay.json', blocking), '--json');
    expect(code).toBe(0);
    const outcome = Outcome.parse(JSON.parse(stdout));
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'no rm please', hooks: [{ exitCode: 2, effect: 'block' }, { exitCode: 0 }] });
  });

  it('exits 0 whatever the verdict: a proceed is not a failure either', async () => {
    const { code } = await hookplay('run', write('ok.hookplay.json', mirriScenario(['true'])), '--json');
    expect(code).toBe(0);
  });

  it('exits 2 on an invalid scenario, naming the file, line and field on stderr', async () => {
    const path = write('bad.hookplay.json', '{\n  "hookplay": 1,\n  "dialect": "mirri",\n  "files": {"../up": ""},\n  "event": "PreToolUse"\n}');
    const { code, stderr, stdout } = await hookplay('run', path);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${path}:4:`);
    expect(stderr).toMatch(/files\["\.\.\/up"\]: .*escape/);
  });

  it('exits 2 on broken JSON with its position, and on a missing file', async () => {
    const broken = await hookplay('run', write('broken.hookplay.json', '{"hookplay": 1,,}'));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.hookplay\.json:1:\d+: invalid JSON/);
    const missing = await hookplay('run', join(dir, 'nope.hookplay.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
  });

  it('refuses a newer format version with a message', async () => {
    const { code, stderr } = await hookplay('run', write('future.hookplay.json', { ...blocking, hookplay: 9 }));
    expect(code).toBe(2);
    expect(stderr).toMatch(/format version 9.*update hookplay/);
  });

  it('reports an unknown event with a suggestion, as an outcome', async () => {
    const { code, stdout } = await hookplay('run', write('typo.hookplay.json', { ...blocking, event: 'PreTooluse' }), '--json');
    expect(code).toBe(0);
    const outcome = JSON.parse(stdout) as Outcome;
    expect(outcome.diagnostics[0]).toMatchObject({ level: 'error', code: 'scenario.unknown-event', message: expect.stringMatching(/did you mean "PreToolUse"/) });
  });
});

describe('hookplay test', () => {
  it('passes matching expectations and ends with the count line', async () => {
    const path = write('pass.hookplay.json', { ...blocking, expect: { verdict: 'block', hooks: [{ exitCode: 2 }, { exitCode: 0 }] } });
    const { code, stdout } = await hookplay('test', path);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });

  it('prints each failure with the path that differs, and exits 1', async () => {
    const sub = join(dir, 'suite');
    await promisify(execFile)('mkdir', ['-p', sub]);
    writeFileSync(join(sub, 'a.hookplay.json'), JSON.stringify({ ...blocking, expect: { verdict: 'proceed' } }));
    writeFileSync(join(sub, 'b.hookplay.json'), JSON.stringify({ ...blocking, expect: { hooks: [{ exitCode: 2 }, { exitCode: 1 }] } }));
    writeFileSync(join(sub, 'c.hookplay.json'), JSON.stringify({ ...blocking, expect: { hooks: [{ exitCode: 2 }] } }));
    writeFileSync(join(sub, 'd.hookplay.json'), JSON.stringify({ ...blocking, expect: { reason: 'no rm please' } }));
    writeFileSync(join(sub, 'ignored.json'), '{}');
    const { code, stdout } = await hookplay('test', sub);
    expect(code).toBe(1);
    expect(stdout).toMatch(/verdict: expected "proceed", got "block"/);
    expect(stdout).toMatch(/hooks\[1\]\.exitCode: expected 1, got 0/);
    expect(stdout).toMatch(/hooks\.length: expected 1, got 2/);
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 3 failed');
  });

  it('counts an invalid scenario as a failure with its error', async () => {
    const path = write('invalid.hookplay.json', { hookplay: 1, dialect: 'mirri' });
    const { code, stdout } = await hookplay('test', path);
    expect(code).toBe(1);
    expect(stdout).toMatch(/files: is required/);
    expect(stdout).toMatch(/0 passed, 1 failed/);
  });
});
