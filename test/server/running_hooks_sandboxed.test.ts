/**
 * `hookplay serve --sandbox`: a real server whose runs go through bubblewrap, over a real WebSocket; and the CLI,
 * which refuses to start when the sandbox cannot be set up rather than run anything unsandboxed.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkSandbox } from '../../packages/engine/src/index.js';
import { hookplay } from '../support/cli.js';
import { CLI } from '../support/paths.js';
import { useServerWithClient } from '../support/server.js';
import { isOutcomeOf } from '../support/ws-client.js';
import { mirriScenario } from '../support/scenarios.js';

const ctx = useServerWithClient({ sandbox: checkSandbox({ memoryBytes: 256 * 1024 * 1024 }) });

describe('serve --sandbox', { timeout: 120_000 }, () => {
  it('runs every hook in the sandbox and streams it as usual', async () => {
    const scenario = mirriScenario([
      'echo x > /tmp/hookplay-served-escape 2>/dev/null && echo WROTE; echo "uid $(id -u)"; ls /proc | grep -c "^[0-9]"',
      'perl -e \'$x = "x" x (1024 * 1024 * 1024)\'; echo "exit $?" >&2',
    ]);
    ctx.client.send({ type: 'run', id: 'boxed-1', scenario });
    const done = await ctx.client.waitFor(isOutcomeOf('boxed-1'));
    const outcome = done.event.type === 'outcome' ? done.event.outcome : null;
    const [first, second] = outcome!.hooks;
    expect(first!.stdout).not.toContain('WROTE');
    if (process.getuid?.() === 0) expect(first!.stdout).toContain('uid 65534');
    expect(Number(first!.stdout.trim().split('\n').at(-1))).toBeLessThan(8);
    expect(second!.limitHit).toBe('memory');
    expect(outcome!.diagnostics.map((d) => d.code)).toContain('sandbox.limit.memory');
    const streamed = ctx.client.messages.filter((m) => m.type === 'timeline' && m.id === 'boxed-1' && m.event.type === 'hook-output');
    expect(streamed.length).toBeGreaterThan(0);
  });
});

describe('hookplay serve --sandbox on the command line', { timeout: 120_000 }, () => {
  it('refuses to start, exit 1, when bubblewrap is not on its PATH', async () => {
    const result = await hookplay(['serve', '--sandbox', '--port', '0'], { env: { PATH: '/nonexistent' }, bin: CLI });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--sandbox: bubblewrap (bwrap) is not on this server');
    expect(result.stderr).toContain('no hook ever runs unsandboxed');
    expect(result.stdout).toBe('');
  });

  it('starts, saying so, when it can', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--sandbox', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    try {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no URL printed: ${err}`)), 90_000);
        child.stdout.on('data', () => out.includes('\n') && (clearTimeout(t), resolve()));
      });
      expect(out).toMatch(/^hookplay is running at http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      expect(err).toContain('every hook runs sandboxed');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
