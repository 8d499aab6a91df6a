import { DOCTOR_FACTS, findEvent, PORT_TABLES, type Dialect, type HostSettings, type Job, type LoadResult, type Prepared } from '@hookplay/engine';

/** Where a loaded hook can fire, as its host's own planner says: its events, the tools of those it matches, a job. */
export interface Firing {
  events: string[];
  /** Tool names it fires on, by event; null for an event that is not about a tool. */
  tools: Record<string, string[] | null>;
  /** The first planned process of it (its command and environment as the host would start it), if it ever runs. */
  job?: Job;
  /** The plan and the payload that job comes from, to read an answer back through the host's own rules. */
  plan?: { prepared: Prepared; event: string; payload: Record<string, unknown> };
  /** Why it does not run where it matches (not trusted, disabled, a duplicate), from the plan. */
  notRun?: string;
}

/** Placeholder paths: planning is pure, nothing is read or started there. */
export const PLAN_PATHS = { project: '/hookplay-plan/project', home: '/hookplay-plan/home' };

/** An entry's events: open-strix entries list several. */
export const eventsOf = (entry: { event: string; events?: unknown }): string[] => (Array.isArray(entry.events) ? (entry.events as string[]) : [entry.event]);

/** The payload field that names the tool, found as the sample's field holding the host's shell tool name. */
function toolField(dialect: Dialect, sample: Record<string, unknown>): string | null {
  const shell = PORT_TABLES[dialect.id].tools.Bash;
  const names = new Set([...DOCTOR_FACTS[dialect.id].tools, ...(shell ? [shell] : [])]);
  return Object.keys(sample).find((k) => typeof sample[k] === 'string' && names.has(sample[k] as string)) ?? null;
}

/**
 * Plans every event the config names, once per tool the host has, with the host's own planner (pure: no process
 * starts), and reads back for each loaded entry where it fires. Nothing here restates a host's matching rules.
 */
export function firings(dialect: Dialect, loaded: LoadResult, host: HostSettings): Firing[] {
  const out: Firing[] = loaded.entries.map((e) => ({ events: eventsOf(e as never), tools: {} }));
  const index = new Map(loaded.entries.map((e, i) => [e, i]));
  const facts = DOCTOR_FACTS[dialect.id];
  for (const name of new Set(out.flatMap((f) => f.events))) {
    const found = findEvent(dialect, name);
    if ('error' in found) continue;
    const sample = found.event.sample as Record<string, unknown>;
    const field = toolField(dialect, sample);
    const mcp = facts.mcpNames?.replace('<server>', 'server').replace('<tool>', 'tool');
    const candidates: (string | null)[] = field ? [...facts.tools, ...(mcp ? [mcp] : [])] : [null];
    for (const tool of candidates) {
      const payload = tool === null || field === null ? sample : { ...sample, [field]: tool };
      let prepared: Prepared;
      try {
        prepared = dialect.prepare({ loaded, event: found.event, payload: payload as never, host, paths: PLAN_PATHS, baseEnv: { HOME: PLAN_PATHS.home, PATH: '/usr/bin:/bin' } });
      } catch {
        continue;
      }
      prepared.hooks.forEach((planned, h) => {
        // Some planners copy entries: then the entry is the one declared at the same place with the same command.
        // (Gemini CLI's expands $CLAUDE_PROJECT_DIR in the command, so the command may differ.)
        const i = index.get(planned.entry) ?? sameEntry(loaded, planned.entry);
        if (i < 0) return;
        const firing = out[i]!;
        if (tool !== null) firing.tools[name] ??= [];
        else firing.tools[name] ??= null;
        if (!planned.matched) return;
        if (tool !== null) firing.tools[name]!.push(tool);
        const job = prepared.jobs.find((j) => j.hook === h);
        if (job && !firing.job) {
          firing.job = job;
          firing.plan = { prepared, event: name, payload };
        }
        if (!job && !planned.willRun && !firing.notRun) firing.notRun = planned.why;
      });
    }
  }
  return out;
}

function sameEntry(loaded: LoadResult, entry: LoadResult['entries'][number]): number {
  const at = loaded.entries.map((e, i) => [e, i] as const).filter(([e]) => e.source === entry.source && e.line === entry.line && e.event === entry.event);
  return (at.find(([e]) => e.command === entry.command) ?? at[0])?.[1] ?? -1;
}
