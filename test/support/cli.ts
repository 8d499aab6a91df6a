import { spawn } from 'node:child_process';
import { CLI } from './paths.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a user would (NO_COLOR so output is plain), with optional stdin and environment. */
export function hookplay(args: string[], options: { cwd?: string; stdin?: string; env?: NodeJS.ProcessEnv; bin?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? CLI, ...args], {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
