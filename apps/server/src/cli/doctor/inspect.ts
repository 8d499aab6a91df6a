import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { canonicalEvent, DOCTOR_FACTS, getDialect, PORT_TABLES, readHooks, type Diagnostic, type Dialect, type HookEntry, type LoadResult } from '@hookplay/engine';
import { directoryVariables } from '../import/directories.js';
import { firings, type Firing } from '../import/firing.js';
import { absoluteOf, type Setup } from '../import/read-setup.js';
import { configDir, GIT_TOP_VAR, resolveReferences, type Reference } from '../import/references.js';
import { takeReferencedFiles } from '../import/import-project.js';
import { shellWords } from '../import/shell-words.js';
import type { Finding, HookReport, Severity } from './findings.js';
import { missingConsequence, readAnswer } from './host-reading.js';
import { locateHandlerKey, topLevelEvents } from './locate.js';
import { printedAnswers, programsRun, scanText } from './scan-text.js';

interface Place {
  file: string;
  line: number;
  column: number;
}

const SEVERITY: Record<Diagnostic['level'], Severity> = { error: 'error', warning: 'warning', info: 'note' };

/** Variables a host may set for its hooks: a hook naming one its own host does not set gets nothing. */
const HOST_VARIABLE = /^(?:CLAUDE|GEMINI|CODEX|QWEN|COPILOT|MIRRI|MIRRICODE|MEWORK|STRIX|OPEN_STRIX|CURSOR)_[A-Z0-9_]+$/;

/** Events at which a hook reaching the network runs before the user has done anything, or sees every prompt. */
const EARLY_EVENTS = ['SessionStart', 'UserPromptSubmit'] as const;

/**
 * Everything doctor says about one host's setup: each hook as the host loads and plans it (its own loader and
 * planner, run as they are), and the findings, each at its file, line and column.
 */
export function inspectSetup(setup: Setup): { hooks: HookReport[]; findings: Finding[] } {
  const dialect = getDialect(setup.dialect);
  const host = setup.host;
  const loaded = dialect.load(setup.files, host);
  const plans = firings(dialect, loaded, host);
  const findings: Finding[] = [];
  const add = (id: string, severity: Severity, at: Place, message: string) => findings.push({ id, severity, ...at, message, host: dialect.id });
  const fileStart = (file: string): Place => ({ file, line: 1, column: 1 });
  // Where a hook is written: the loader's position, or (for loaders that give only a line) its command's.
  const placeOf = (entry: HookEntry): Place => {
    const column = (entry as { column?: number }).column;
    if (column !== undefined && entry.line !== undefined) return { file: entry.source, line: entry.line, column };
    const text = setup.files[entry.source];
    const at = text === undefined ? undefined : (locateHandlerKey(text, entry.source, entry.command, 'command', entry.line ?? 1) ?? locateHandlerKey(text, entry.source, entry.command, 'bash', entry.line ?? 1));
    return { file: entry.source, ...(at ?? { line: entry.line ?? 1, column: 1 }) };
  };
  const matcherPlace = (entry: HookEntry): Place => {
    const at = (entry as { matcherAt?: { line: number; column: number } }).matcherAt;
    if (at) return { file: entry.source, ...at };
    const text = setup.files[entry.source];
    const found = text === undefined ? undefined : locateHandlerKey(text, entry.source, entry.command, 'matcher', entry.line ?? 1);
    return found ? { file: entry.source, ...found } : placeOf(entry);
  };

  // The host's own loading diagnostics, where they name a file: the setup's, not a scenario's.
  for (const d of loaded.diagnostics) {
    if (!d.file) continue;
    add(d.code, SEVERITY[d.level], { file: d.file, line: d.line ?? 1, column: d.column ?? 1 }, d.message);
  }

  // Hooks written beside `hooks` instead of in it.
  const eventNames = new Set(dialect.events.map((e) => e.name));
  for (const [file, text] of Object.entries(setup.files)) {
    for (const { event, at } of topLevelEvents(text, file, eventNames)) {
      add('config.event-outside-hooks', 'error', { file, ...at }, `"${event}" is written at the top level of ${file}: ${dialect.label} reads hooks only under "hooks", so these never run. Move it into "hooks".`);
    }
  }

  const common = directoryVariables(plans.map((p) => p.job?.env ?? {}));
  if (setup.git) common.set(GIT_TOP_VAR, { root: 'project', sub: '' });
  const facts = DOCTOR_FACTS[dialect.id];
  const table = PORT_TABLES[dialect.id];
  const taken = takeReferencedFiles(setup);
  const hooks: HookReport[] = [];

  // Where the project's own code sets what the host loads (the Agent SDK's settingSources in a query() call).
  for (const note of setup.appNotes) add('app.settings', 'note', note, note.message);

  loaded.entries.forEach((entry, i) => {
    const firing = plans[i]!;
    const place = placeOf(entry);
    // Shown by the host's loader but never loaded: the hook is there on disk and never fires; nothing else about it matters.
    if (entry.notLoaded !== undefined) {
      add('hook.not-loaded', 'warning', place, facts.handlers === 'modules' ? `${entry.notLoaded}: ${dialect.label} cannot load it, so none of its handlers ever run.` : `${entry.command}: ${entry.notLoaded}, so ${dialect.label} never loads ${entry.source} and this ${entry.event} hook never runs.`);
      hooks.push({ host: dialect.id, ...place, events: firing.events, matcher: entry.matcher ?? null, command: entry.command, loads: false, runs: false, why: entry.notLoaded, firesOn: {}, scripts: [] });
      return;
    }
    const vars = new Map([...common, ...(firing.job ? directoryVariables([firing.job.env]) : [])]);
    const cwds = [...new Set([setup.roots.project, configDir(entry.source, setup.roots)].filter((d): d is string => d !== undefined))];
    const refs = resolveReferences(entry.command, { roots: setup.roots, vars, cwds });
    const matcher = entry.matcher ?? null;
    // A module hook has no command line to check: what matters is which of the host's events it handles.
    const modules = facts.handlers === 'modules';
    const moduleText = modules ? (setup.files[entry.source] ?? refs.files.find((r) => r.key === entry.source)?.content ?? '') : '';
    const handled = modules ? dialect.events.map((e) => e.name).filter((name) => moduleText.includes(`'${name}'`) || moduleText.includes(`"${name}"`) || new RegExp(`\\b${name.replace(/\./g, '\\.')}\\s*:`).test(moduleText)) : [];

    // A matcher that none of the host's tools fit, by the host's own matching.
    const toolEvents = Object.entries(firing.tools).filter(([, tools]) => tools !== null);
    if (matcher && toolEvents.length && toolEvents.every(([, tools]) => tools!.length === 0) && !/mcp/i.test(matcher) && facts.tools.length) {
      const severity: Severity = facts.complete ? 'error' : 'warning';
      add(
        'matcher.never-matches',
        severity,
        matcherPlace(entry),
        `matcher ${JSON.stringify(matcher)} fits none of ${dialect.label}'s ${facts.complete ? '' : 'documented '}tool names (${facts.tools.join(', ')})${facts.mcpNames ? `; MCP tools are named ${facts.mcpNames}` : ''}: this hook never fires${table.tools.Bash && /\bBash\b/.test(matcher) && table.tools.Bash !== 'Bash' ? `. The shell tool is "${table.tools.Bash}" here` : ''}.`,
      );
    }

    // Scripts the command names: there, executable when run directly, not writable by others.
    for (const l of refs.leftOut) {
      if (l.missing) add('script.missing', 'error', place, `${l.path} ${l.why}: the hook fails there (exit 127 or 2) every time it runs.`);
    }
    checkScripts(refs.files, place, add);

    // Variables the command names that this host does not set.
    const env = firing.job?.env ?? {};
    const assigned = new Set([...entry.command.matchAll(/(?:^|[;&|\s])([A-Za-z_]\w*)=/g)].map((m) => m[1]!));
    for (const name of new Set(modules ? [] : [...entry.command.matchAll(/\$\{?([A-Za-z_]\w*)/g)].map((m) => m[1]!))) {
      if (HOST_VARIABLE.test(name) && !(name in env) && !assigned.has(name) && firing.job) {
        add('variable.unset', 'error', place, `$${name} is not set by ${dialect.label}: it expands to nothing here, so the command runs with an empty value${name.endsWith('_DIR') || name.endsWith('_ROOT') ? ' (a path starting at /)' : ''}.`);
      }
    }
    for (const ref of refs.files) {
      for (const m of matchAllWithPos(ref.content, /\$\{?((?:CLAUDE|GEMINI|CODEX|QWEN|COPILOT|MIRRI|MEWORK)_[A-Z0-9_]+)/g)) {
        if (!(m.name in env) && firing.job && !new RegExp(`\\b${m.name}=`).test(ref.content)) {
          add('variable.unset', 'warning', { file: ref.key, ...m.at }, `$${m.name} is not set by ${dialect.label} for this hook: the script reads an empty value.`);
        }
      }
    }

    // A program the command or its script runs that this machine does not have.
    for (const program of modules ? [] : programsOf(entry.command, refs.files)) {
      if (onPath(program.name)) continue;
      const consequence = missingConsequence(dialect, loaded, host, firing, program.name);
      add('program.missing', 'warning', program.file && program.at ? { file: program.file, ...program.at } : place, `${program.name} is not installed on this machine (not on PATH): the hook exits 127 here${consequence ? `, and ${consequence}` : ''}.`);
    }

    // Answers the script prints that the host does nothing with, read through the host's own rules.
    for (const source of [{ file: entry.source, text: entry.command, at: place }, ...refs.files.map((r) => ({ file: r.key, text: r.content, at: null }))]) {
      for (const answer of printedAnswers(source.text)) {
        const keys = Object.keys(answer.json).filter((k) => !['continue', 'suppressOutput', 'systemMessage', 'statusMessage'].includes(k));
        if (!keys.length) continue;
        const read = readAnswer(dialect, loaded, host, firing, { exitCode: 0, stdout: `${JSON.stringify(answer.json)}\n`, stderr: '' });
        if (!read || read.effect !== 'none') continue;
        const at = source.at ?? { file: source.file, ...answer.at };
        add('answer.ignored', 'warning', at, `${dialect.label} does nothing with the answer ${JSON.stringify(answer.json).slice(0, 120)} on ${firing.plan!.event}${read.messages.length ? `: ${read.messages.join('; ')}` : ` (${keys.join(', ')} ${keys.length > 1 ? 'are' : 'is'} not read there)`}.`);
      }
    }

    // Code fetched and run, `eval` of output, and the network reached at the start of a session or on every prompt.
    const early = firing.events.some((e) => EARLY_EVENTS.includes(canonicalEvent(table, e) as never) || EARLY_EVENTS.includes(e as never));
    const scanned = [{ file: entry.source, text: entry.command, fixed: place as Place | null }, ...scriptsReached(refs.files, taken).map((r) => ({ file: r.key, text: r.content, fixed: null }))];
    for (const s of scanned) {
      for (const hit of scanText(s.text, { network: early })) {
        const at = s.fixed ?? { file: s.file, ...hit.at };
        if (hit.id === 'security.download-exec') add(hit.id, 'error', at, `downloads code and runs it (${hit.text}): whoever controls that address, or the network on the way, runs code on every machine this hook runs on. Vendor the script and pin what it installs.`);
        if (hit.id === 'security.eval-output') add(hit.id, 'warning', at, `runs another command's output as shell code (${hit.text}): anything that output can be made to say runs here.`);
        if (hit.id === 'security.network') add(hit.id, 'warning', at, `reaches the network (${hit.text}) from a ${firing.events.join('/')} hook: it runs ${firing.events.some((e) => canonicalEvent(table, e) === 'SessionStart' || e === 'SessionStart') ? 'as soon as a session starts, before the user has done anything' : 'on every prompt, and sees what the user typed'}. Make sure it sends nothing it should not.`);
      }
    }

    // The config file itself: anyone who can write it decides what runs.
    hooks.push(modules ? moduleReport(dialect, entry, place, handled) : report(dialect, entry, place, firing, refs.files, loaded));
  });

  for (const file of Object.keys(setup.files)) {
    const mode = modeOf(absoluteOf(file, setup.roots));
    if (mode !== null && mode & 0o002) add('security.writable-by-others', 'error', fileStart(file), `${file} is writable by every user of this machine (mode ${(mode & 0o777).toString(8)}): anyone can add a hook that runs as you. chmod o-w ${file}`);
  }

  // Timeouts written in the unit of another host.
  const read = readHooks(table, setup.files);
  if (!('error' in read) && table.timeout) {
    for (const h of read.hooks) {
      if (!h.timeout) continue;
      const entry = loaded.entries.find((e) => e.source === h.file && e.command === h.command);
      const at = locateHandlerKey(setup.files[h.file]!, h.file, h.command, h.timeout.key, entry?.line ?? 1) ?? (entry ? placeOf(entry) : { line: 1, column: 1 });
      const { value, unit, key } = h.timeout;
      // The host's own loader may say it already (Gemini CLI's config.timeout-units): once is enough.
      if (loaded.diagnostics.some((d) => d.file === h.file && d.line === at.line && /timeout-unit/.test(d.code))) continue;
      if (unit === 'ms' && value < 100) {
        add('timeout.unit', 'warning', { file: h.file, ...at }, `"${key}": ${value} is ${value} milliseconds on ${dialect.label}, which reads timeouts in ms: the hook is killed almost at once. For ${value} s write ${value * 1000}.`);
      } else if (unit === 's' && value >= 1000) {
        add('timeout.unit', 'warning', { file: h.file, ...at }, `"${key}": ${value} is ${value} seconds (${Math.round(value / 60)} min) on ${dialect.label}, which reads timeouts in seconds: if you meant ${value} ms, write ${Math.max(1, Math.round(value / 1000))}.`);
      }
    }
    // Hooks the host does not load, named beside the ones it does.
    for (const h of read.hooks) {
      if (loaded.entries.some((e) => e.source === h.file && e.command === h.command)) continue;
      const why = loaded.diagnostics.filter((d) => d.file === h.file && d.level !== 'info').map((d) => d.message);
      const at = locateHandlerKey(setup.files[h.file]!, h.file, h.command, 'command') ?? { line: 1, column: 1 };
      hooks.push({ host: dialect.id, file: h.file, ...at, events: [h.event], matcher: h.matcher, command: h.command, loads: false, runs: false, why: why[0] ?? `${dialect.label} does not load it`, firesOn: {}, scripts: [] });
    }
  }

  for (const source of facts.unpinnedSources?.(setup.files) ?? []) add('security.unpinned-source', 'warning', source, source.message);
  return { hooks, findings };
}

/** A module the host imports: it runs on each event it defines a handler for (none: it is loaded and never called). */
function moduleReport(dialect: Dialect, entry: HookEntry, place: Place, handled: string[]): HookReport {
  return {
    host: dialect.id,
    ...place,
    events: handled,
    matcher: null,
    command: entry.command,
    loads: true,
    runs: handled.length > 0,
    why: handled.length ? `${dialect.label} loads it from ${entry.source} and calls its handlers for ${handled.join(', ')}` : `${dialect.label} loads it, but it names none of ${dialect.label}'s events, so no handler of it is ever called`,
    firesOn: Object.fromEntries(handled.map((e) => [e, null])),
    scripts: [entry.source],
  };
}

function report(dialect: Dialect, entry: HookEntry, place: Place, firing: Firing, scripts: Reference[], loaded: LoadResult): HookReport {
  const runs = firing.job !== undefined;
  const fires = Object.entries(firing.tools)
    .map(([event, tools]) => (tools === null ? event : tools.length ? `${event} for ${tools.length > 8 ? 'every tool' : tools.join(', ')}` : null))
    .filter((s): s is string => s !== null);
  const why = runs
    ? `${dialect.label} loads it from ${entry.source} and runs it on ${fires.join('; ') || firing.events.join(', ')}`
    : (firing.notRun ?? (Object.values(firing.tools).some((t) => t !== null && t.length === 0) ? 'its matcher fits none of the host\'s tools' : loaded.diagnostics.find((d) => d.hook === undefined && d.level === 'warning')?.message ?? 'it never matches'));
  return {
    host: dialect.id,
    ...place,
    events: firing.events,
    matcher: entry.matcher ?? null,
    command: entry.command,
    loads: true,
    runs,
    why,
    firesOn: firing.tools,
    scripts: [...new Set(scripts.map((s) => s.key))],
  };
}

function checkScripts(refs: Reference[], place: Place, add: (id: string, severity: Severity, at: Place, message: string) => void): void {
  for (const ref of refs) {
    if (ref.direct && (ref.mode & 0o111) === 0) {
      add('script.not-executable', 'error', place, `${ref.key} is run directly but is not executable (mode ${(ref.mode & 0o777).toString(8)}): the shell refuses it with "Permission denied" (exit 126). chmod +x ${ref.key}, or run it as "sh ${ref.word}".`);
    }
    if (ref.mode & 0o002) add('security.writable-by-others', 'error', { file: ref.key, line: 1, column: 1 }, `${ref.key} is writable by every user of this machine (mode ${(ref.mode & 0o777).toString(8)}), and a hook runs it: anyone can change what runs as you. chmod o-w ${ref.key}`);
  }
}

/** The scripts a hook's command names, and everything those reach (wrappers, helpers), from the import's walk. */
function scriptsReached(direct: Reference[], taken: { files: Record<string, string> }): { key: string; content: string }[] {
  const out = new Map(direct.map((r) => [r.key, r.content]));
  // Everything the walk took is reachable from some hook; only follow what this hook's own scripts name.
  const queue = [...direct.map((r) => r.content)];
  while (queue.length) {
    const text = queue.shift()!;
    for (const [key, content] of Object.entries(taken.files)) {
      if (out.has(key) || !text.includes(key.split('/').pop()!)) continue;
      out.set(key, content);
      queue.push(content);
    }
  }
  return [...out].map(([key, content]) => ({ key, content }));
}

/** The program a command starts (its first word, when it is a name, not a path) and those its shell scripts run. */
function programsOf(command: string, scripts: Reference[]): { name: string; file?: string; at?: { line: number; column: number } }[] {
  const out: { name: string; file?: string; at?: { line: number; column: number } }[] = [];
  const first = shellWords(command).find((w) => !/^[A-Za-z_]\w*=/.test(w) && w !== 'exec' && w !== 'env' && w !== 'command');
  if (first && /^[A-Za-z][\w.+-]*$/.test(first)) out.push({ name: first });
  for (const ref of scripts) {
    if (!/\.(sh|bash)$/.test(ref.key) && !/^#!.*\b(ba|da)?sh\b/.test(ref.content)) continue;
    for (const p of programsRun(ref.content)) out.push({ name: p.name, file: ref.key, at: p.at });
  }
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(`${p.name}\0${p.file}`) && seen.add(`${p.name}\0${p.file}`));
}

const SHELL_BUILTINS = new Set(['echo', 'printf', 'test', 'true', 'false', 'cd', 'exit', 'read', 'set', 'export', 'eval', 'exec', 'source', 'trap', 'wait', 'kill', 'type', 'command', 'if', 'for', 'while', 'case', 'sh', 'bash']);

function onPath(name: string): boolean {
  if (SHELL_BUILTINS.has(name)) return true;
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

function modeOf(path: string | undefined): number | null {
  if (!path) return null;
  return statSync(path, { throwIfNoEntry: false })?.mode ?? null;
}

function* matchAllWithPos(text: string, re: RegExp): Generator<{ name: string; at: { line: number; column: number } }> {
  for (const m of text.matchAll(re)) {
    const before = text.slice(0, m.index).split('\n');
    yield { name: m[1]!, at: { line: before.length, column: before.at(-1)!.length + 1 } };
  }
}
