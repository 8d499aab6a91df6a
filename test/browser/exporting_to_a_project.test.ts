/**
 * A person takes a run out of the playground into a real project: "Download files as zip" gives the host's
 * files as they sit on disk (project/ and home/, scripts executable), which unpack and run headless with the
 * command in the zip's README; "Copy command" gives one shell line that reproduces the run anywhere.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI } from '../support/paths';
import { useFixture } from './support/fixture';
import { addFile, openPlayground, payloadEditor, run, setEditorText, verdict, waitForRunEnd, waitForDraftSaved } from './support/playground';
import { pickHost } from './support/session';

const f = useFixture();
const exec = promisify(execFile);

/** Unpacks as a person would, with unzip; where it is missing, Python's zipfile, restoring the Unix modes too. */
async function unpack(zip: string, into: string): Promise<void> {
  if (existsSync('/usr/bin/unzip')) {
    await exec('unzip', ['-q', zip, '-d', into]);
    return;
  }
  const script = 'import os,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nfor i in z.infolist():\n  p=z.extract(i,sys.argv[2])\n  m=i.external_attr>>16\n  if m: os.chmod(p,m&0o7777)\n';
  await exec('python3', ['-c', script, zip, into]);
}

describe('exporting to a project', () => {
  it('the downloaded zip unpacks into project/ and home/ and runs headless with the same verdict', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await page.getByLabel('Scenario title').fill('Guard for the team');
    await addFile(page, 'hooks/audit.sh', '#!/bin/sh\necho audited >&2\n');
    await setEditorText(page, payloadEditor(page), '{\n  "tool_name": "Bash",\n  "tool_input": { "command": "rm -rf /" }\n}\n');
    await waitForDraftSaved(page);
    await run(page);
    expect(await waitForRunEnd(page)).toBe('done');
    expect(await verdict(page)).toContain('block');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download files as zip' }).click()]);
    expect(download.suggestedFilename()).toBe('guard-for-the-team-files.zip');
    const dir = mkdtempSync(join(tmpdir(), 'hookplay-export-'));
    await unpack(await download.path(), dir);

    // As on disk: the Mirri config and its script in the home, the added script in the project, executable.
    expect(readFileSync(join(dir, 'home/.mirri-code/config.toml'), 'utf8')).toMatch(/command = "node ~\/\.mirri-code\/hooks\/guard\.mjs"/);
    expect(existsSync(join(dir, 'home/.mirri-code/hooks/guard.mjs'))).toBe(true);
    expect(statSync(join(dir, 'project/hooks/audit.sh')).mode & 0o111).not.toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'payload.json'), 'utf8'))).toEqual({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    const readme = readFileSync(join(dir, 'README.txt'), 'utf8');
    const command = /^ {2}(npx hookplay run --project .*)$/m.exec(readme)?.[1];
    expect(command).toBe("npx hookplay run --project project --home=home --dialect mirri --event 'PreToolUse' --payload payload.json");

    // The README's command, run where the zip was unpacked (this checkout's CLI standing in for npx hookplay).
    const { stdout } = await exec('sh', ['-c', `${command!.replace('npx hookplay', `node ${CLI}`)} --json`], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    const outcome = JSON.parse(stdout) as { verdict: string; reason: string };
    expect(outcome).toMatchObject({ verdict: 'block', reason: 'Dangerous command detected, blocked' });
  });

  it('the copied command reproduces the run headless, host settings included', async () => {
    const { page } = await f.newPage();
    await openPlayground(page, f.server.url);
    await pickHost(page, 'Mirri Code CLI');
    await page.getByRole('radio', { name: 'v2' }).check();
    await setEditorText(page, payloadEditor(page), "{\n  \"tool_name\": \"Bash\",\n  \"tool_input\": { \"command\": \"echo 'it''s' && rm -rf /tmp/x\" }\n}\n");
    await waitForDraftSaved(page);
    await page.getByRole('button', { name: 'Copy command' }).click();
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toMatch(/^printf '%s' '.*' \| npx hookplay run -$/s);
    expect(command.split('\n')).toHaveLength(1);
    expect(command).toContain('"host":{"engine":"v2"}');

    const { stdout } = await exec('sh', ['-c', command.replace(/npx hookplay run -$/, `node ${CLI} run - --json`)], { env: { ...process.env, NO_COLOR: '1' } });
    const outcome = JSON.parse(stdout) as { verdict: string; reason: string; diagnostics: { code: string }[] };
    expect(outcome).toMatchObject({ dialect: 'mirri', verdict: 'block', reason: 'Dangerous command detected, blocked' });
  });
});
