import { DIALECTS } from '../dialects/index.js';
import type { DialectId } from '../dialects/ids.js';
import { isSessionScenario, type EventScenario, type Scenario } from '../scenario.js';
import type { JsonObject } from '../util/json.js';
import { portPayload } from './payload.js';
import { readHooks } from './read.js';
import { scriptsOf } from './script-reads.js';
import { canonicalEvent, canonicalTool, hostEvent, PORT_TABLES } from './tables.js';
import type { PortableHook, PortChange, PortOptions, PortReport, PortTable } from './types.js';
import { writeConfig, type TargetHook } from './write.js';

export interface Ported {
  report: PortReport;
  /** The derived scenario, an ordinary one; absent when the config cannot be ported (report.unportable says why). */
  scenario?: EventScenario;
}

/**
 * The scenario as the user would copy it to another host: only what that host requires changes (where the config
 * lives and its shape, event names, handler keys; tool names in matchers when asked), and everything the host
 * would also need but the port did not change is listed. How the host then behaves is its dialect's, by running it.
 */
export function portScenario(input: Scenario, to: DialectId, options: PortOptions = {}): Ported {
  const report: PortReport = { from: input.dialect, to, made: [], needed: [] };
  // A session's steps name each host's tools and answers in its own terms: the port translates one event's config.
  if (isSessionScenario(input)) return { report: { ...report, unportable: 'this scenario is a session: the port translates one-event scenarios (port one of its events, then play the session on that host)' } };
  const scenario = input as EventScenario;
  const from = PORT_TABLES[scenario.dialect];
  const target = PORT_TABLES[to];
  if (to === scenario.dialect) return { report, scenario };
  const fail = (why: string): Ported => ({ report: { ...report, unportable: why } });

  const sources = [...new Set(DIALECTS[scenario.dialect].load(scenario.files, scenario.host ?? {}).entries.map((e) => e.source))];
  const read = readHooks(from, scenario.files, sources);
  if ('error' in read) return fail(read.error);
  // A safety net for config the port does not read: say so rather than drop hooks in silence.
  const unread = sources.filter((f) => !read.configFiles.includes(f) && !read.kept?.includes(f));
  for (const f of unread) report.needed.push({ kind: 'file', message: `${f}: its hooks are not ported (the port reads ${read.configFiles.join(', ') || 'no file'}); copy them by hand`, file: f });
  const eventCanonical = read.hooks.find((h) => h.event === scenario.event)?.canonical ?? canonicalEvent(from, scenario.event);
  if (!eventCanonical) return fail(`${scenario.event} has no equivalent outside ${scenario.dialect}, so there is nothing to run it as on ${to}`);
  const event = hostEvent(target, eventCanonical);
  if (!event) return fail(`${to} has no event equivalent to ${scenario.event} (${eventCanonical}); its hooks cannot run there`);
  const spec = target.catalog.find((e) => e.name === event)!;
  if (event !== scenario.event) report.made.push({ kind: 'event', message: `the scenario's event ${scenario.event} is ${event} on ${to}` });

  const files: Record<string, string> = Object.fromEntries(Object.entries(scenario.files).filter(([k]) => !read.configFiles.includes(k)));
  const keepAsIs = read.configFiles.filter((f) => target.reads(f) && (target.shape === 'copilot' || target.readsClaudeFiles === true) && from.shape === 'groups' && read.hooks.filter((h) => h.file === f).every((h) => h.canonical === h.event));
  for (const f of keepAsIs) {
    files[f] = scenario.files[f]!;
    report.made.push({ kind: 'file', message: `${f} stays as it is: ${to} reads it itself, Claude Code event names included (a copy of its hooks in another ${to} file as well would run each hook twice)`, file: f });
  }
  const byFile = new Map<string, TargetHook[]>();
  const perEvent = new Map<string, number>();
  for (const hook of read.hooks.filter((h) => !keepAsIs.includes(h.file))) {
    const out = portHook(hook, from, target, options, report, scenario.files, perEvent);
    if (!out) continue;
    const file = out.file;
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file)!.push(out.hook);
  }
  if (byFile.size === 0 && keepAsIs.length === 0) return fail(`no hook of ${read.configFiles.join(', ') || 'the scenario'} has an equivalent event on ${to}`);
  for (const [file, hooks] of byFile) {
    files[file] = writeConfig(target.shape, hooks);
    const sources = target.hookFiles
      ? [...new Set(read.hooks.filter((h) => hooks.some((t) => t.command === h.command && t.event === hostEvent(target, h.canonical!))).map((h) => h.file))]
      : [...new Set(read.hooks.filter((h) => (h.scope === 'user' ? target.files.user ?? target.files.project : target.files.project ?? target.files.user) === file).map((h) => h.file))];
    report.made.push({ kind: 'file', message: `${sources.join(', ')} → ${file}${from.shape !== target.shape ? ` (${shapeWords(from.shape)} → ${shapeWords(target.shape)})` : ''}`, file });
  }

  const payload = portPayload(from, target, scenario.payload as JsonObject, spec);
  report.made.push(...payload.made);
  report.needed.push(...payload.needed);

  const dialect = DIALECTS[to];
  const host: Scenario['host'] = {};
  for (const key of dialect.hostSettings) {
    if (key === 'version' && dialect.versions) host.version = dialect.versions.default;
    else if (scenario.host?.[key] !== undefined) (host as Record<string, unknown>)[key] = scenario.host[key];
  }
  const dropped = Object.keys(scenario.host ?? {}).filter((k) => !(dialect.hostSettings as string[]).includes(k));
  if (dropped.length) report.made.push({ kind: 'host', message: `host ${dropped.join(', ')} ${dropped.length > 1 ? 'mean' : 'means'} nothing on ${to}: dropped` });
  if (scenario.expect) report.made.push({ kind: 'host', message: `"expect" described ${scenario.dialect}'s outcome: dropped` });

  const derived: EventScenario = {
    hookplay: 1,
    title: `${scenario.title ?? scenario.event} (ported to ${dialect.label})`,
    description: `Ported from ${scenario.dialect} by hookplay: ${report.made.map((c) => c.message).join('; ')}.${report.needed.length ? ` Not changed: ${report.needed.map((c) => c.message).join('; ')}.` : ''}`,
    dialect: to,
    ...(Object.keys(host).length ? { host } : {}),
    files,
    event,
    payload: payload.payload,
  };
  return { report, scenario: derived };
}

function shapeWords(shape: PortTable['shape']): string {
  return { groups: 'matcher groups in JSON', copilot: 'a versioned hooks file', 'mirri-toml': '[[hooks]] entries in TOML', strix: "a skill's hook list", 'opencode-plugin': 'a plugin module that runs the commands', 'hook-files': 'a script named after its event' }[shape];
}

/** One hook on the target, or null when the target has no equivalent event (listed as needed). */
function portHook(hook: PortableHook, from: PortTable, to: PortTable, options: PortOptions, report: PortReport, files: Record<string, string>, perEvent: Map<string, number>): { file: string; hook: TargetHook } | null {
  const targetEvent = hook.canonical ? hostEvent(to, hook.canonical) : null;
  let file = hook.scope === 'user' ? (to.files.user ?? to.files.project)! : (to.files.project ?? to.files.user)!;
  if (to.hookFiles && targetEvent) {
    const slot = `${hook.scope} ${targetEvent}`;
    const nth = perEvent.get(slot) ?? 0;
    perEvent.set(slot, nth + 1);
    const own = to.hookFiles.fileFor(hook.scope, targetEvent, nth);
    if (own === null) {
      report.needed.push({ kind: 'file', message: `${hook.event} hook "${short(hook.command)}": no more file names for ${targetEvent} hooks here; the hook is left out` });
      return null;
    }
    file = own;
  }
  const label = `${hook.event} hook "${short(hook.command)}"`;
  const note = (list: PortChange[], kind: PortChange['kind'], message: string) => list.push({ kind, message, file });
  if (!hook.canonical) {
    note(report.needed, 'event', `${label}: ${hook.event} has no equivalent on ${to.id}; the hook is left out`);
    return null;
  }
  const keepName = to.acceptsCanonicalNames && hook.event === hook.canonical;
  const event = keepName ? hook.event : hostEvent(to, hook.canonical);
  if (!event) {
    note(report.needed, 'event', `${label}: ${to.id} has no ${hook.canonical} event; the hook is left out`);
    return null;
  }
  if (event !== hook.event) note(report.made, 'event', `${label}: event ${hook.event} → ${event}`);
  if (hook.scope === 'project' && to.files.project === null) note(report.made, 'file', `${label}: ${to.id} reads hooks only from ${file}, in the home directory`);

  let matcher = hook.matcher;
  if (matcher !== null && !to.matchers) {
    note(report.needed, 'matcher', `${label}: ${to.id} has no matchers, so the hook runs for every ${event} whatever "${matcher}" said; filter on the tool inside the script`);
    matcher = null;
  } else if (matcher !== null) {
    matcher = portMatcher(matcher, hook, from, to, keepName === true, options, (kind, m) => note(kind === 'made' ? report.made : report.needed, 'matcher', `${label}: ${m}`));
  }

  let timeout: TargetHook['timeout'] = null;
  if (hook.timeout) {
    if (!to.timeout) note(report.needed, 'timeout', `${label}: ${to.id} has no per-hook timeout; ${hook.timeout.key} ${hook.timeout.value} is left out`);
    else {
      const key = hook.timeout.key === to.timeout.key || (to.shape === 'copilot' && hook.timeout.key === 'timeout') ? hook.timeout.key : to.timeout.key;
      if (key !== hook.timeout.key) note(report.made, 'key', `${label}: "${hook.timeout.key}" → "${key}"`);
      timeout = { key, value: hook.timeout.value };
      if (hook.timeout.unit !== to.timeout.unit) {
        const fixed = to.timeout.unit === 'ms' ? hook.timeout.value * 1000 : hook.timeout.value / 1000;
        note(report.needed, 'timeout', `${label}: ${from.id} reads ${hook.timeout.key} ${hook.timeout.value} in ${unitWord(hook.timeout.unit)}, ${to.id} reads "${key}" in ${unitWord(to.timeout.unit)}: copied as ${hook.timeout.value} (${hook.timeout.value} ${to.timeout.unit}); ${fixed} would keep the meaning`);
      }
    }
  }

  let extra = hook.extra;
  if (to.shape === 'mirri-toml') {
    const dropped = Object.keys(extra).filter((k) => k !== 'failClosed');
    if (dropped.length || hook.name) note(report.made, 'key', `${label}: ${[...dropped, ...(hook.name ? ['name'] : [])].map((k) => `"${k}"`).join(', ')} dropped: Mirri allows only event, matcher, command, timeout, failClosed, and any other field fails the whole file`);
    extra = Object.fromEntries(Object.entries(extra).filter(([k]) => k === 'failClosed'));
  } else if ('failClosed' in extra) {
    note(report.needed, 'key', `${label}: "failClosed" is Mirri's; dropped (${to.id} has its own rule for a crashing hook)`);
    extra = Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'failClosed'));
  }
  if (to.cwd !== from.cwd) {
    note(report.needed, 'cwd', to.cwd === 'config-dir' ? `${label}: ${to.id} runs it from ${file.replace(/\/[^/]+$/, '')}, not the project directory; relative paths in the command resolve there` : `${label}: ${from.id} ran it from its skill folder; ${to.id} runs it from the project directory`);
  }
  const texts = [hook.command, ...scriptsOf(hook.command, files).map((k) => files[k]!)];
  for (const [field, where] of Object.entries(to.outputFields ?? {})) {
    if (keepName) continue;
    if (texts.some((t) => t.includes(field))) note(report.needed, 'output', `${label}: the hook prints ${field}; ${to.id} reads ${where} instead`);
  }
  return { file, hook: { event, matcher, command: hook.command, timeout, ...(hook.name !== undefined ? { name: hook.name } : {}), extra } };
}

/** A matcher with tool names in it: renamed to the target's tools when asked, else each rename the host would need is listed. */
function portMatcher(
  matcher: string,
  hook: PortableHook,
  from: PortTable,
  to: PortTable,
  claudeShaped: boolean,
  options: PortOptions,
  say: (list: 'made' | 'needed', message: string) => void,
): string {
  if (claudeShaped) return matcher; // the host matches Claude-named hooks against Claude tool names
  return matcher.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (word) => {
    const canonical = canonicalTool(from, word);
    if (!canonical) return word;
    const name = to.tools[canonical];
    if (name === undefined) {
      say('needed', `the matcher names ${word}; ${to.id} documents no ${canonical} tool`);
      return word;
    }
    if (name === word || to.matcherAccepts?.(word, name)) return word;
    if (options.renameTools) {
      say('made', `matcher ${word} → ${name} (${to.id}'s name for the tool)`);
      return name;
    }
    say('needed', `the matcher names ${word}; ${to.id}'s ${canonical} tool is "${name}" (port with tool renaming to change it)`);
    return word;
  });
}

function unitWord(unit: 's' | 'ms'): string {
  return unit === 's' ? 'seconds' : 'milliseconds';
}

function short(command: string): string {
  return command.length > 48 ? `${command.slice(0, 47)}…` : command;
}
