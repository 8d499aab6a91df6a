/**
 * A newcomer copies the README's commands one by one: every concrete `npx hookplay …` line in its `sh` blocks runs
 * as written and does what the README says it does. Lines that are a command's synopsis (FILE, DIR, [options]) are
 * not commands; the few concrete ones that start a long-running server, download a host CLI or need one that CI does
 * not install are named below with the reason, so a new line in the README is run unless someone says why not.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hookplay } from '../support/cli.js';
import { REPO } from '../support/paths.js';
import { cacheRoot, findInstalled, verifiedVersions, type RealHostId } from '../../packages/real-host/src/index.js';

/** The concrete commands of the README's sh blocks, with the line each is on. */
function readmeCommands(): { line: number; command: string }[] {
  const lines = readFileSync(join(REPO, 'README.md'), 'utf8').split('\n');
  const out: { line: number; command: string }[] = [];
  let inSh = false;
  lines.forEach((text, i) => {
    if (/^```sh\s*$/.test(text)) return void (inSh = true);
    if (/^```/.test(text)) return void (inSh = false);
    if (!inSh) return;
    const command = text.replace(/\s+#.*$/, '').trim();
    if (!command.startsWith('npx hookplay ')) return;
    // A synopsis names what you fill in: FILE, DIR, HOST@VERSION, D, E, N, URL, or [optional parts].
    if (/\[|\b(FILE|DIR|URL|D|E|N|H|S|V|LINK)\b|\|/.test(command.replace(/^npx hookplay /, ''))) return;
    out.push({ line: i + 1, command });
  });
  return out;
}

/** Concrete commands this story does not run, and why (each is exercised by its own story). */
const NOT_RUN: { pattern: RegExp; why: string }[] = [
  { pattern: /^npx hookplay (serve|mcp|worker)\b/, why: 'starts a server that runs until stopped (test/server, test/cli/testing_hooks_from_a_coding_agent_over_mcp)' },
  { pattern: /^npx hookplay hosts install\b/, why: 'downloads a host CLI of hundreds of MB (test/cli/checking_on_the_real_cli installs nothing, npm test installs one)' },
  { pattern: /^npx hookplay verify\b/, why: 'needs a Claude Code build CI does not install' },
];

const commands = readmeCommands();
const work = mkdtempSync(join(tmpdir(), 'hookplay-readme-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder that looks like a fresh clone to the commands: the files they name, nothing they would write. */
function cloneLike(): string {
  const dir = mkdtempSync(join(work, 'clone-'));
  for (const name of ['scenarios', 'test']) symlinkSync(join(REPO, name), join(dir, name));
  mkdirSync(join(dir, 'home'));
  return dir;
}

/** What each kind of command must print to have done what the README says. */
function expectDone(command: string, r: { code: number; stdout: string; stderr: string }): void {
  const where = `${command}\nexit ${r.code}\n${r.stdout.slice(-1500)}\n${r.stderr.slice(-1500)}`;
  expect(r.stderr, where).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
  if (/ doctor /.test(command)) {
    // Findings of severity warning or error exit 1, as the README's exit-code table says.
    expect([0, 1], where).toContain(r.code);
    expect(r.stdout, where).toMatch(/hook/i);
    return;
  }
  if (/ --real\b/.test(command)) {
    expect([0, 1], where).toContain(r.code);
    expect(r.stdout, where).toMatch(/real/i);
    return;
  }
  expect(r.code, where).toBe(0);
  if (/ import /.test(command)) expect(r.stdout, where).toMatch(/^wrote /m);
  else if (/ test /.test(command)) expect(r.stdout, where).toMatch(/\d+ passed, 0 failed/);
  else if (/ team add-user /.test(command)) expect(r.stdout.trim(), where).not.toBe('');
  else if (/ --hosts /.test(command)) expect(r.stdout, where).toMatch(/Run on every host/);
  else expect(r.stdout, where).toMatch(/Verdict|verdict|ended/);
}

describe("following the README's commands", () => {
  it('finds the concrete commands (a change in how the README is written must not silently run none)', () => {
    expect(commands.length).toBeGreaterThanOrEqual(8);
  });

  // Commands of one block build on each other (import writes what test then reads): they share a folder, in order.
  const dir = cloneLike();
  for (const { line, command } of commands) {
    const skip = NOT_RUN.find((n) => n.pattern.test(command));
    const needsHost = /--real\b/.test(command) && !realHostInstalled(readScenarioDialect(command));
    const title = `README.md:${line}: ${command}`;
    if (skip || needsHost) {
      it.skip(`${title} (${skip?.why ?? 'its host CLI is not installed here'})`, () => {});
      continue;
    }
    it(title, async () => {
      const args = splitArgs(command.replace(/^npx hookplay /, ''));
      // A home of its own (team add-user writes there), but the host CLIs installed in this machine's cache.
      const r = await hookplay(args, { cwd: dir, env: { HOME: join(dir, 'home'), XDG_DATA_HOME: join(dir, 'home', '.local', 'share'), HOOKPLAY_CACHE_DIR: cacheRoot() } });
      expectDone(command, r);
    }, 180_000);
  }
});

/** The dialect of the scenario file a command runs, to know which real CLI `--real` needs. */
function readScenarioDialect(command: string): string | null {
  const file = /\b(scenarios\/\S+\.hookplay\.json)/.exec(command)?.[1];
  if (!file || !existsSync(join(REPO, file))) return null;
  return (JSON.parse(readFileSync(join(REPO, file), 'utf8')) as { dialect?: string }).dialect ?? null;
}

/** The README's commands use plain words and `--flag=value`; quotes are not needed to run them. */
function splitArgs(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Whether the real CLI of a dialect is in the cache, at the version hookplay models (what `--real` runs by default). */
function realHostInstalled(dialect: string | null): boolean {
  if (!dialect) return false;
  try {
    const version = verifiedVersions(dialect as RealHostId)[0];
    return version !== undefined && findInstalled(dialect as RealHostId, version) !== null;
  } catch {
    return false;
  }
}
