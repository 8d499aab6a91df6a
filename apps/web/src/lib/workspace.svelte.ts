/**
 * The playground's state, as one runes class (the shape of Svelte's REPL Workspace and vuejs/repl's store).
 * `serialize()` gives the SCENARIO.md document; `deserialize()` takes one back. Links, downloads, drafts and
 * runs all go through those two, so what you share is exactly what you ran.
 */
import { filePathProblem, type HostSettings, type Scenario, type ScenarioInput } from '@hookplay/engine/browser';
import { configPathSuggestion, defaultDialect, dialectInfo, findEvent, type DialectId } from './catalog';
import { samplePayload, starterScenario } from './samples';

export { starterScenario };
import { parsePayload, prettyJson, type PayloadParse } from './payload';
import { parseSessionText, starterSessionText, type SessionParse } from './session-text';

/** A scenario runs one event, or plays a whole session of steps. */
export type ScenarioMode = 'event' | 'session';

/** What the editor needs beyond the scenario document: the exact payload text and the open file. */
export interface ViewState {
  payloadText?: string;
  active?: string;
  /** The session's exact text, when it is not the pretty-printed document (being edited, or not valid JSON). */
  sessionText?: string;
}

interface DialectDraft {
  scenario: ScenarioInput;
  view: ViewState;
  /** The one-event side's event, which a session document does not hold. */
  event: string;
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export class Workspace {
  dialect = $state<DialectId>(defaultDialect());
  files = $state<Record<string, string>>({});
  active = $state('');
  event = $state('');
  payloadText = $state('{}\n');
  host = $state<HostSettings>({});
  title = $state('');
  description = $state('');
  expect = $state.raw<Record<string, unknown> | undefined>(undefined);
  mode = $state<ScenarioMode>('event');
  /** The `session` object's JSON text: kept while in one-event mode, so switching back loses nothing. */
  sessionText = $state('');
  /** Bumped when the whole scenario is replaced (example, link, upload), so editors drop stale undo history. */
  generation = $state(0);

  readonly payload: PayloadParse = $derived(parsePayload(this.payloadText));
  readonly session: SessionParse = $derived(parseSessionText(this.sessionText));
  readonly paths: string[] = $derived(Object.keys(this.files));

  /** Edited payloads by `dialect:event`, so switching events and back keeps what you typed. */
  #payloadDrafts = new Map<string, string>();
  /** Each host's files while you look at another host. */
  #dialectDrafts = new Map<DialectId, DialectDraft>();

  constructor(scenario: ScenarioInput = starterScenario(defaultDialect()), view: ViewState = {}) {
    this.deserialize(scenario, view);
  }

  /**
   * The scenario document (SCENARIO.md). An unparsable payload is sent as `{}`, an unparsable session as no steps
   * (the view keeps the text); check `inputProblem()` first.
   */
  serialize(): ScenarioInput {
    const host = this.#cleanHost();
    const what: Pick<ScenarioInput, 'event' | 'payload' | 'session'> =
      this.mode === 'session'
        ? { session: (this.session.ok ? clone(this.session.value) : { steps: [] }) as NonNullable<ScenarioInput['session']> }
        : { event: this.event, payload: this.payload.ok ? this.payload.value : {} };
    return {
      hookplay: 1,
      ...(this.title.trim() ? { title: this.title.trim() } : {}),
      ...(this.description.trim() ? { description: this.description.trim() } : {}),
      dialect: this.dialect,
      ...(host ? { host } : {}),
      files: { ...this.files },
      ...what,
      ...(this.expect ? { expect: clone(this.expect) } : {}),
    };
  }

  /** What keeps the scenario from running as typed (JSON that does not parse), with where to show it; or null. */
  inputProblem(): { target: 'payload' | 'session'; message: string; line: number; column: number } | null {
    const parse = this.mode === 'session' ? this.session : this.payload;
    return parse.ok ? null : { target: this.mode === 'session' ? 'session' : 'payload', message: parse.message, line: parse.line, column: parse.column };
  }

  /** What a link or a draft needs besides the document, to reopen exactly the same editor. */
  view(): ViewState {
    const view: ViewState = {};
    if (!this.payload.ok || this.payloadText !== prettyJson(this.payload.value)) view.payloadText = this.payloadText;
    if (this.active && this.active !== this.paths[0]) view.active = this.active;
    if (this.mode === 'session' && (!this.session.ok || this.sessionText !== prettyJson(this.session.value))) view.sessionText = this.sessionText;
    return view;
  }

  deserialize(scenario: ScenarioInput | Scenario, view: ViewState = {}): void {
    this.#payloadDrafts.clear();
    this.#dialectDrafts.clear();
    this.#load(scenario, view);
    this.generation++;
  }

  #load(scenario: ScenarioInput | Scenario, view: ViewState): void {
    this.dialect = scenario.dialect;
    this.files = { ...scenario.files };
    this.mode = scenario.session ? 'session' : 'event';
    // A session keeps a one-event side to switch to: the event it had, or the host's starter event.
    const keepEvent = this.event && findEvent(scenario.dialect, this.event) ? this.event : starterScenario(scenario.dialect).event!;
    this.event = scenario.event ?? keepEvent;
    this.payloadText = view.payloadText ?? (scenario.session ? this.samplePayloadText() : prettyJson(scenario.payload ?? {}));
    this.sessionText = view.sessionText ?? (scenario.session ? prettyJson(scenario.session) : starterSessionText(scenario.dialect));
    this.host = clone(scenario.host ?? {});
    this.title = scenario.title ?? '';
    this.description = scenario.description ?? '';
    this.expect = scenario.expect ? clone(scenario.expect) : undefined;
    const paths = Object.keys(this.files);
    this.active = view.active && paths.includes(view.active) ? view.active : (paths[0] ?? '');
  }

  #cleanHost(): HostSettings | undefined {
    // Every setting this host reads travels as written (the Agent SDK's callbacks and settingSources, Claude Code's
    // launch flags, Cursor's thirdPartyHooks, ...): a setting dropped here would change what the scenario means.
    // Only empty values and the defaults not worth writing down are left out.
    const allowed = new Set<string>(dialectInfo(this.dialect).hostSettings);
    const host: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.host as Record<string, unknown>)) {
      if (!allowed.has(key) || value === undefined || value === '') continue;
      // Trusted is the default: only an untrusted project is worth writing down.
      if (key === 'trusted' && value !== false) continue;
      if ((key === 'env' || key === 'plugins' || key === 'hookIds') && (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && value !== null && Object.keys(value).length === 0)) continue;
      host[key] = clone(value);
    }
    return Object.keys(host).length > 0 ? (host as HostSettings) : undefined;
  }

  /** Another host: this host's work is kept aside, the other's comes back (or its starter files). */
  setDialect(id: DialectId): void {
    if (id === this.dialect) return;
    const mode = this.mode;
    this.#dialectDrafts.set(this.dialect, {
      scenario: this.serialize(),
      view: { payloadText: this.payloadText, active: this.active, sessionText: this.sessionText },
      event: this.event,
    });
    const draft = this.#dialectDrafts.get(id);
    this.#load(draft?.scenario ?? starterScenario(id), draft?.view ?? {});
    if (draft) this.event = draft.event;
    // A host seen for the first time opens in the mode you were in.
    else this.mode = mode;
    this.generation++;
  }

  /** One event or a session: the other side's text is kept, so switching back and forth loses nothing. */
  setMode(mode: ScenarioMode): void {
    this.mode = mode;
  }

  /** Another event: the files stay; the payload becomes this event's sample, or what you typed for it before. */
  setEvent(name: string): void {
    if (name === this.event) return;
    this.#payloadDrafts.set(`${this.dialect}:${this.event}`, this.payloadText);
    this.event = name;
    this.payloadText = this.#payloadDrafts.get(`${this.dialect}:${name}`) ?? this.samplePayloadText();
  }

  samplePayloadText(): string {
    return prettyJson(samplePayload(this.dialect, this.event));
  }

  resetPayload(): void {
    this.payloadText = this.samplePayloadText();
  }

  get payloadIsSample(): boolean {
    return this.payloadText === this.samplePayloadText();
  }

  /** Why `path` cannot be a new file name (or the new name of `renaming`), or null. */
  pathProblem(path: string, renaming?: string): string | null {
    const trimmed = path.trim();
    if (!trimmed) return 'Type a path, e.g. hooks/check.sh';
    const problem = filePathProblem(trimmed);
    if (problem) return `The path ${problem}.`;
    if (trimmed !== renaming && trimmed in this.files) return 'A file with this path already exists.';
    return null;
  }

  addFile(path: string, text = ''): string | null {
    const problem = this.pathProblem(path);
    if (problem) return problem;
    this.files[path.trim()] = text;
    this.active = path.trim();
    return null;
  }

  renameFile(from: string, to: string): string | null {
    const target = to.trim();
    if (target === from) return null;
    const problem = this.pathProblem(target, from);
    if (problem) return problem;
    // Rebuild to keep the tab where it was.
    const next: Record<string, string> = {};
    for (const [key, text] of Object.entries(this.files)) next[key === from ? target : key] = text;
    this.files = next;
    if (this.active === from) this.active = target;
    return null;
  }

  /** Deletes a file; the returned function puts it back where it was (for "Undo"). */
  deleteFile(path: string): () => void {
    const before = Object.entries(this.files);
    const index = before.findIndex(([key]) => key === path);
    if (index === -1) return () => {};
    const text = before[index]![1];
    const next = Object.fromEntries(before.filter(([key]) => key !== path));
    this.files = next;
    if (this.active === path) {
      const keys = Object.keys(next);
      this.active = keys[Math.min(index, keys.length - 1)] ?? '';
    }
    return () => {
      if (path in this.files) return;
      const entries = Object.entries(this.files);
      entries.splice(Math.min(index, entries.length), 0, [path, text]);
      this.files = Object.fromEntries(entries);
      this.active = path;
    };
  }

  updateFile(path: string, text: string): void {
    if (this.files[path] !== text) this.files[path] = text;
  }

  /** A sensible name for the next new file: a missing config file first, then a script. */
  suggestNewPath(): string {
    for (const spec of dialectInfo(this.dialect).configFiles) {
      const candidate = configPathSuggestion(spec.path);
      if (!(candidate in this.files) && !spec.path.includes('<')) return candidate;
    }
    const dir = this.paths.find((p) => p.includes('/hooks/'))?.replace(/[^/]*$/, '') ?? 'hooks/';
    for (let i = 1; ; i++) {
      const candidate = `${dir}hook${i === 1 ? '' : i}.sh`;
      if (!(candidate in this.files)) return candidate;
    }
  }
}
