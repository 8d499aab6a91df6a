// The coverage table (`npm run oracle -- --coverage`): for every event the CLI fires in `-p` mode, how many recorded
// cases exercise each answer channel and each output field, read from the cases' own hook commands. A gap shows as
// an empty cell; a field the docs do not name for an event shows as "—".
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const COVERAGE_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Stop', 'SessionEnd'];

const TOP_LEVEL = ['continue', 'stopReason', 'suppressOutput', 'systemMessage', 'decision', 'reason'];
/** hookSpecificOutput fields the docs name, per event (hookEventName for all of them). */
const SPECIFIC = {
  SessionStart: ['additionalContext'],
  UserPromptSubmit: ['additionalContext'],
  PreToolUse: ['additionalContext', 'permissionDecision', 'permissionDecisionReason', 'updatedInput'],
  PermissionRequest: ['decision.behavior', 'decision.message', 'decision.updatedInput'],
  PostToolUse: ['additionalContext', 'updatedMCPToolOutput'],
  PostToolUseFailure: ['additionalContext'],
  PostToolBatch: ['additionalContext'],
  Stop: ['additionalContext'],
  SessionEnd: [],
};
const CHANNELS = ['exit 0', 'exit 1', 'exit 2', 'exit other', 'timeout', 'signal', 'plain stdout', 'malformed JSON'];
const FIELDS = [...TOP_LEVEL, 'hookEventName', ...new Set(Object.values(SPECIFIC).flat())];

/** Every JSON object written inside single quotes in a command (how the cases print answers). */
function answersIn(command) {
  const out = [];
  for (const m of command.matchAll(/'(\{[^']*)'/g)) {
    try {
      out.push(JSON.parse(m[1]));
    } catch {
      out.push(null);
    }
  }
  return out;
}

/** What one hook command exercises: channels and fields. */
export function exercised(command, timeout) {
  const found = new Set();
  const exits = [...command.matchAll(/exit (\d+)/g)].map((m) => Number(m[1]));
  if (exits.length === 0) found.add('exit 0');
  for (const code of exits) found.add(code === 0 ? 'exit 0' : code === 1 ? 'exit 1' : code === 2 ? 'exit 2' : 'exit other');
  if (/no-such-command|gone\.sh/.test(command)) found.add('exit other');
  const sleep = /sleep (\d+(?:\.\d+)?)/.exec(command);
  if (sleep && typeof timeout === 'number' && Number(sleep[1]) >= timeout) found.add('timeout');
  if (/kill -(TERM|KILL|9|15) \$\$/.test(command)) found.add('signal');
  const answers = answersIn(command);
  if (answers.some((a) => a === null)) found.add('malformed JSON');
  if (/(echo|printf '%s\\n') '?[A-Z_]+'?(;|$)/.test(command) && !/>&2/.test(command.split(';')[0])) found.add('plain stdout');
  for (const a of answers) {
    if (!a || typeof a !== 'object') continue;
    for (const k of TOP_LEVEL) if (k in a) found.add(k);
    const hso = a.hookSpecificOutput;
    if (hso && typeof hso === 'object' && !Array.isArray(hso)) {
      found.add('hookEventName');
      for (const [k, v] of Object.entries(hso)) {
        if (k === 'decision' && v && typeof v === 'object') for (const dk of Object.keys(v)) found.add(`decision.${dk}`);
        else found.add(k);
      }
    }
  }
  return found;
}

/** Counts per event and column over the recorded cases. */
export function coverageCounts(cases, fixturesDir) {
  const counts = Object.fromEntries(COVERAGE_EVENTS.map((e) => [e, {}]));
  let recorded = 0;
  for (const c of cases) {
    if (!existsSync(join(fixturesDir, `${c.id}.json`))) continue;
    recorded++;
    const seen = {};
    for (const text of Object.values(c.files)) {
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        continue;
      }
      const hooks = json && typeof json === 'object' ? json.hooks : undefined;
      if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks)) continue;
      for (const [event, groups] of Object.entries(hooks)) {
        if (!counts[event] || !Array.isArray(groups)) continue;
        for (const g of groups) {
          for (const h of Array.isArray(g?.hooks) ? g.hooks : []) {
            if (typeof h?.command !== 'string') continue;
            for (const col of exercised(h.command, h.timeout)) (seen[event] ??= new Set()).add(col);
          }
        }
      }
    }
    for (const [event, cols] of Object.entries(seen)) for (const col of cols) counts[event][col] = (counts[event][col] ?? 0) + 1;
  }
  return { counts, recorded };
}

const applies = (event, column) => CHANNELS.includes(column) || TOP_LEVEL.includes(column) || (column === 'hookEventName' ? SPECIFIC[event].length > 0 || event !== 'SessionEnd' : SPECIFIC[event].includes(column));

/** The Markdown table, and the list of empty cells that should not be empty. */
export function coverageTable(cases, fixturesDir) {
  const { counts, recorded } = coverageCounts(cases, fixturesDir);
  const columns = [...CHANNELS, ...FIELDS];
  const gaps = [];
  const rows = COVERAGE_EVENTS.map((event) => {
    const cells = columns.map((col) => {
      if (!applies(event, col)) return '—';
      const n = counts[event][col] ?? 0;
      if (n === 0) gaps.push(`${event} × ${col}`);
      return n === 0 ? ' ' : String(n);
    });
    return `| ${event} | ${cells.join(' | ')} |`;
  });
  const header = `| event | ${columns.join(' | ')} |\n|---|${columns.map(() => '---:').join('|')}|`;
  return { markdown: `${header}\n${rows.join('\n')}\n`, gaps, recorded };
}

/** Writes oracle/COVERAGE.md from the fixtures; returns its path. */
export function writeCoverage(cases, fixturesDir) {
  const { markdown, gaps, recorded } = coverageTable(cases, fixturesDir);
  const version = fixturesDir.split('/').pop();
  const path = join(dirname(dirname(fixturesDir)), 'COVERAGE.md');
  const text = [
    `# What the recorded Claude Code ${version} cases cover`,
    '',
    'Generated by `npm run oracle -- --coverage` from the cases in `oracle/cases.mjs` and `oracle/sweep.mjs` that have a',
    `recording in \`oracle/fixtures/${version}/\` (${recorded} cases). Each cell counts the recorded cases with a hook on that event`,
    'that answers through that channel or prints that field. "—": the docs name no such field for the event.',
    '',
    markdown,
    gaps.length ? `Empty cells (${gaps.length}): ${gaps.join(', ')}.` : 'No empty cell.',
    '',
  ].join('\n');
  writeFileSync(path, text);
  return path;
}
