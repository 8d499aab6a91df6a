/**
 * host.version picks a Claude Code profile: a listed version exactly; an unlisted one between two listed versions
 * with a notice of what is known and unknown for it; anything else an error on host.version naming the verified
 * versions, with nothing run.
 */
import { getDialect, runScenario, validateScenario, parseScenario } from '@hookplay/engine';
import { describe, expect, it } from 'vitest';
import { rulesFor, SUPPORTED_VERSIONS } from '../../../src/dialects/claude-code/version.js';
import { PROFILES } from '../../../src/dialects/claude-code/versions/profiles.js';
import { switchEvidence } from '../../../src/dialects/claude-code/versions/switch-evidence.js';
import { cmd, PROJECT, settings } from '../helpers.js';

const load = (version: string) => getDialect('claude-code').load({ [PROJECT]: settings({ Stop: [{ hooks: [cmd('true')] }] }) }, { version });
const codes = (version: string) => load(version).diagnostics.map((d) => d.code);

describe('claude-code: picking a version', () => {
  it('lists at least 1.0.41, 2.0.76, 2.1.47, 2.1.143 and 2.1.332, newest first', () => {
    expect(SUPPORTED_VERSIONS).toEqual(['2.1.332', '2.1.143', '2.1.47', '2.0.76', '1.0.41']);
    for (const v of SUPPORTED_VERSIONS) expect(codes(v).filter((c) => c.startsWith('config.version') || c === 'config.unsupported-version')).toEqual([]);
  });

  it('an unlisted version between two listed ones runs with a notice of what is known and unknown for it', () => {
    const choice = rulesFor('2.1.90');
    expect(choice.rules?.version).toBe('2.1.47');
    const [notice] = choice.diagnostics;
    expect(notice!.code).toBe('config.version-between');
    expect(notice!.level).toBe('warning');
    expect(notice!.message).toMatch(/Claude Code 2\.1\.90 is not recorded: it lies between 2\.1\.47 and 2\.1\.143/);
    expect(notice!.message).toMatch(/nothing it says is verified on 2\.1\.90/);
    expect(notice!.message).toMatch(/Known to hold \(the same on both\): .*identical commands run once per event/);
    expect(notice!.message).toMatch(/Unknown for 2\.1\.90 \(changed somewhere between 2\.1\.47 and 2\.1\.143\): .*no cap.* on 2\.1\.47, but .*blocks 9 times in a row on 2\.1\.143/);
    expect(load('v2.1.90').entries).toHaveLength(1);
  });

  it('a version off the list and outside the range, or not a version, is an error on host.version; nothing runs', async () => {
    for (const bad of ['3.0.0', '0.2.9', 'latest', '2.1', '']) {
      const loaded = load(bad);
      expect(loaded.entries, bad).toEqual([]);
      const error = loaded.diagnostics.find((d) => d.code === 'config.unsupported-version')!;
      expect(error.level).toBe('error');
      expect(error.message).toMatch(/hookplay is verified on Claude Code 1\.0\.41, 2\.0\.76, 2\.1\.47, 2\.1\.143, 2\.1\.332; the nearest is [\d.]+\. Set host\.version/);
    }
    const scenario = parseScenario({ hookplay: 1, dialect: 'claude-code', host: { version: 'nightly' }, files: { [PROJECT]: settings({ Stop: [{ hooks: [cmd('exit 2')] }] }) }, event: 'Stop', payload: {} });
    expect(validateScenario(scenario).map((d) => d.code)).toContain('config.unsupported-version');
    const outcome = await runScenario(scenario);
    expect(outcome.hooks.filter((h) => h.ran)).toEqual([]);
    expect(outcome.verdict).toBe('proceed');
  });

  it('evidence names the version it was recorded on, never an unrecorded one', async () => {
    const scenario = (version: string) =>
      parseScenario({ hookplay: 1, dialect: 'claude-code', host: { version }, files: { [PROJECT]: settings({ Stop: [{ hooks: [cmd('cat > /dev/null; echo no >&2; exit 2')] }] }) }, event: 'Stop', payload: { stop_hook_active: false } });
    for (const version of ['1.0.41', '2.1.47', '2.1.90']) {
      const outcome = await runScenario(scenario(version));
      for (const d of outcome.diagnostics) if (d.evidence?.kind === 'recorded') expect(d.evidence.version, `${version} ${d.code}`).toBe(version === '2.1.90' ? '2.1.47' : version);
    }
  });

  it('every profile switch that differs from the next version cites only its own version\'s recorded cases, or none', () => {
    for (const p of PROFILES) for (const ids of Object.values(switchEvidence(p))) for (const id of ids) expect(id).toMatch(/^[\w-]+$/);
  });
});
