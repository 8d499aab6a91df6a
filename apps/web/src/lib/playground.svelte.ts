/**
 * The playground's controller, as one runes class (Svelte's REPL keeps its state the same way): the workspace,
 * the connection and validation, and whatever the result dock shows — a run, a comparison on every host, a
 * comparison of versions, a check on the real CLI, or an outcome a link carried. Components read it and call its
 * methods; App.svelte only wires it to the page (hash, drafts, keyboard, files).
 */
import type { PortChange, Scenario, ScenarioInput } from '@hookplay/engine/browser';
import type { ProblemItem } from './markers';
import { dialectInfo, type DialectId } from './catalog';
import type { CompareState } from './compare.svelte';
import { Connection, type Job } from './connection.svelte';
import type { RealState } from './real.svelte';
import type { RunState } from './run.svelte';
import type { SharedResult } from './share';
import { toasts } from './toasts.svelte';
import { Validation } from './validation.svelte';
import { VersionsState } from './versions.svelte';
import { Workspace, type ViewState } from './workspace.svelte';

/** What the result dock shows. */
export type DockView = 'run' | 'hosts' | 'versions' | 'real';

export type Reveal = { line: number; column?: number | undefined; nonce: number } | null;

export class Playground {
  readonly workspace: Workspace;
  readonly connection: Connection;
  readonly validation = new Validation();

  run = $state.raw<RunState | null>(null);
  compare = $state.raw<CompareState | null>(null);
  versions = $state.raw<VersionsState | null>(null);
  real = $state.raw<RealState | null>(null);
  /** A result a link carried, with the scenario it belongs to: shown read-only until that scenario is edited or run here. */
  shared = $state.raw<{ result: SharedResult; scenario: ScenarioInput } | null>(null);
  /**
   * What a port opened from "On every host" still needs (a matcher naming another host's tool, ...): listed with the
   * problems, since validation alone sees a well-formed config, until the scenario is edited.
   */
  portNotes = $state.raw<{ scenario: ScenarioInput; items: ProblemItem[] } | null>(null);
  view = $state<DockView>('run');
  /** Comparisons read best across the whole window: the editors step aside until asked back. */
  wide = $state(false);
  /** Bumped whenever a result should be brought into sight (Run pressed, a comparison started). */
  focusNonce = $state(0);
  galleryOpen = $state(false);
  fileReveal = $state<Reveal>(null);
  payloadReveal = $state<Reveal>(null);
  sessionReveal = $state<Reveal>(null);

  constructor(workspace: Workspace, token: string | null) {
    this.workspace = workspace;
    this.connection = new Connection(token);
  }

  /** The job the dock's Cancel stops: the one the current view shows, while it runs. */
  get activeJob(): Job | VersionsState | null {
    const job = this.view === 'hosts' ? this.compare : this.view === 'real' ? this.real : this.view === 'versions' ? this.versions : this.run;
    return job?.active ? job : null;
  }

  show(view: DockView): void {
    this.view = view;
    this.wide = view === 'hosts' || view === 'versions';
  }

  /** Stops the typed input from running when it does not parse, and points at where; true when it may run. */
  #inputOk(): boolean {
    const problem = this.workspace.inputProblem();
    if (!problem) return true;
    toasts.push(`Fix the ${problem.target} first: ${problem.message}`, 'error');
    const at = { line: problem.line, column: problem.column, nonce: Date.now() };
    if (problem.target === 'session') this.sessionReveal = at;
    else this.payloadReveal = at;
    return false;
  }

  startRun(): void {
    if (this.run?.active) return;
    if (!this.#inputOk()) return;
    const started = this.connection.run(this.workspace.serialize());
    if (typeof started === 'string') return void toasts.push(started, 'error');
    this.run = started;
    this.shared = null;
    this.show('run');
    this.focusNonce++;
  }

  startCompare(): void {
    if (this.compare?.active) return this.show('hosts');
    if (!this.#inputOk()) return;
    const started = this.connection.compare(this.workspace.serialize());
    if (typeof started === 'string') return void toasts.push(started, 'error');
    this.compare = started;
    this.show('hosts');
    this.focusNonce++;
  }

  startVersions(): void {
    if (this.versions?.active) return this.show('versions');
    if (!this.#inputOk()) return;
    this.versions = new VersionsState(this.workspace.serialize(), this.connection.token);
    this.show('versions');
    this.focusNonce++;
  }

  /** The real CLI's id for this host and the version to run: the scenario's own, if installed, else the modelled one. */
  realTarget(): { host: DialectId; modelled: string | null; installed: string[]; version: string | null } {
    const host = this.workspace.dialect;
    const info = dialectInfo(host);
    const modelled = info.verifiedAgainst?.version ?? null;
    const installed = this.connection.realVersions(host);
    const wanted = this.workspace.host.version;
    const version = wanted && installed.includes(wanted) ? wanted : modelled && installed.includes(modelled) ? modelled : (installed[0] ?? null);
    return { host, modelled: wanted ?? modelled, installed, version };
  }

  startReal(version?: string): void {
    if (this.real?.active) return this.show('real');
    this.show('real');
    const target = this.realTarget();
    const chosen = version ?? target.version;
    // Not installed: the view says how to install it; nothing is sent.
    if (!chosen) return;
    if (!this.#inputOk()) return;
    const started = this.connection.real(this.workspace.serialize(), chosen);
    if (typeof started === 'string') return void toasts.push(started, 'error');
    this.real = started;
    this.focusNonce++;
  }

  cancel(): void {
    const job = this.activeJob;
    if (!job) return;
    if (job instanceof VersionsState) job.cancel();
    else this.connection.cancel(job);
  }

  /** Replaces the whole scenario (link, file, example, port); what it replaced is one Undo away. */
  replaceWorkspace(s: Scenario | ScenarioInput, view: ViewState, message: string, options: { keepComparison?: boolean; shared?: SharedResult | undefined } = {}): void {
    const ws = this.workspace;
    const before = { scenario: ws.serialize(), view: { ...ws.view(), payloadText: ws.payloadText } };
    ws.deserialize(s, view);
    this.run = null;
    this.real = null;
    this.versions = null;
    this.shared = options.shared ? { result: options.shared, scenario: ws.serialize() } : null;
    this.portNotes = null;
    // A comparison belongs to the scenario it ported; a port opened from it keeps it one click away.
    if (!options.keepComparison && !this.compare?.active) this.compare = null;
    this.show('run');
    toasts.push(message, 'success', { label: 'Undo', run: () => ws.deserialize(before.scenario, before.view) });
  }

  /**
   * A port from "On every host", with what it still needs listed among the problems: validation sees a well-formed
   * config, so without these notes a port whose matcher names another host's tool would say "No problems found".
   */
  openPort(s: Scenario, host: string, needed: readonly PortChange[]): void {
    this.replaceWorkspace(s, {}, `Opened the port to ${host}: an ordinary scenario to edit, run and share.`, { keepComparison: true });
    if (needed.length === 0) return;
    const paths = this.workspace.paths;
    const items: ProblemItem[] = needed.map((c) => ({
      severity: 'warning',
      message: `Not ported: ${c.message}`,
      code: `port.${c.kind}`,
      target: c.file && paths.includes(c.file) ? { kind: 'file', path: c.file } : c.kind === 'payload' ? { kind: 'payload' } : { kind: 'scenario' },
    }));
    this.portNotes = { scenario: this.workspace.serialize(), items };
  }

  /** Drops the port's notes and a link's result once the scenario they were about has been edited. */
  forgetStale(current: ScenarioInput): void {
    const now = JSON.stringify(current);
    if (this.shared && JSON.stringify(this.shared.scenario) !== now) this.shared = null;
    if (this.portNotes && JSON.stringify(this.portNotes.scenario) !== now) this.portNotes = null;
  }

  switchHost(id: DialectId): void {
    this.workspace.setDialect(id);
    this.run = null;
    this.real = null;
    this.versions = null;
    this.shared = null;
    if (this.view !== 'hosts') this.show('run');
  }
}
