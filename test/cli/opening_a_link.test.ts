/**
 * A teammate pasted a playground link made on someone else's hookplay (another machine, another port) and opens it
 * with `hookplay open LINK`: a link is its #s= hash, so where it was made does not matter. What is not a link, is
 * cut off, or holds an invalid scenario is refused with a clear message and nothing is opened. `--static` gives the
 * read-only viewer file `npm run build` writes. (The browser side, the link opening on its own playground and in the
 * viewer, is test/browser/keeping_the_answer_in_sight.test.ts.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hookplay } from '../support/cli.js';
import { mirriScenario } from '../support/scenarios.js';

/** What the playground's Copy link makes: the scenario as raw deflate, base64url, after #s=. */
function link(doc: unknown, origin = 'http://10.0.0.7:51234'): string {
  return `${origin}/#s=${deflateRawSync(Buffer.from(JSON.stringify(doc))).toString('base64url')}`;
}

describe('hookplay open', () => {
  it('refuses what is not a playground link, a cut-off link and an invalid scenario, opening nothing', async () => {
    const notALink = await hookplay(['open', 'http://127.0.0.1:4477/?token=abc', '--no-browser']);
    expect(notALink.code).toBe(2);
    expect(notALink.stderr).toMatch(/is not a playground link: a link to a scenario ends with #s=/);
    expect(notALink.stderr).toContain('nothing was opened');

    const whole = link({ ...mirriScenario(['exit 0']), title: 'Cut off' });
    const cut = await hookplay(['open', whole.slice(0, whole.length - 12), '--no-browser']);
    expect(cut.code).toBe(2);
    expect(cut.stderr).toMatch(/the link is damaged/);

    const invalid = await hookplay(['open', link({ hookplay: 1, dialect: 'no-such-host', files: {} }), '--no-browser']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/the link holds an invalid scenario/);
    expect(`${notALink.stdout}${cut.stdout}${invalid.stdout}`).toBe('');
  });

  it('--static prints the viewer file with the link\'s hash, whatever port made the link', async () => {
    const scenario = { ...mirriScenario(['exit 0']), title: 'From another port' };
    const made = link(scenario);
    const r = await hookplay(['open', made, '--static', '--no-browser']);
    if (r.code === 1) {
      // Only when the web app was not built: the command says how to build it.
      expect(r.stderr).toMatch(/the static viewer is not built: run `npm run build`/);
      return;
    }
    expect(r.code, r.stderr).toBe(0);
    const url = new URL(r.stdout.trim());
    expect(url.protocol).toBe('file:');
    expect(url.hash).toBe(new URL(made).hash);
    const file = fileURLToPath(url);
    expect(existsSync(file)).toBe(true);
    // One self-contained file: no script or stylesheet it would have to fetch from a server.
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+rel="stylesheet"[^>]+href=/);
  });
});
