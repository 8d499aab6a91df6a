import type { Diagnostic, Effect, Evidence, Verdict } from '../outcome.js';
import type { HostSettings } from '../scenario.js';
import type { JsonObject } from '../util/json.js';
import type { DialectId } from './ids.js';
import type { KillSequence, ProcessResult } from '../runner/types.js';
import type { Lifecycle } from '../session/effects.js';

/**
 * What a dialect's rules were checked against: the real host binary, run by a differential harness whose
 * observations are recorded as fixtures and replayed by the tests (see oracle/ for Claude Code).
 */
export interface VerifiedAgainst {
  host: string;
  version: string;
  /** How many recorded cases the engine agrees with. */
  cases: number;
  /** Each verified rule in plain words. */
  rules: string[];
}

/** One event of a host's catalog: what the web picker shows and what the sample payload is. */
export interface EventSpec {
  name: string;
  /** For grouping in pickers: "Tools", "Prompt", "Stop", "Session", ... */
  group: string;
  canBlock: boolean;
  /** What the matcher is tested against, in words ("the tool name"), or null when the host has no matchers. */
  matcherTests: string | null;
  description: string;
  /** Event-specific fields only: the dialect adds its base fields at run time. */
  sample: JsonObject;
}

export interface ConfigFileSpec {
  /** A file key as in a scenario; `<name>` marks a part the user chooses. */
  path: string;
  language: 'toml' | 'json' | 'shell';
  description: string;
  /** JSON Schema of the file, for editors, when it is JSON. */
  schema?: object;
}

/** A hook entry as loaded from config, dialect-neutral fields first. */
export interface HookEntry {
  event: string;
  command: string;
  source: string;
  line?: number;
  id?: number;
  name?: string;
  matcher?: string | null;
  timeoutMs: number;
  /**
   * Shown but never loaded by the host, and why (the Agent SDK's hooks in a settings file settingSources leaves
   * out): the outcome lists it so the trap is named, and doctor reports it as a hook that never fires.
   */
  notLoaded?: string;
}

export interface LoadResult<E extends HookEntry = HookEntry> {
  entries: E[];
  diagnostics: Diagnostic[];
  /** Host-level settings read from files or `host` (Mirri's rewrite flag, ...), for the dialect's own use. */
  settings: Record<string, unknown>;
}

export interface Paths {
  home: string;
  project: string;
}

export interface PlannedEntry<E extends HookEntry = HookEntry> {
  entry: E;
  matched: boolean;
  why: string;
  /** The matching rule behind `why` (a stable code, like diagnostics'), and whether it was recorded or is from the docs. */
  whyRule?: string;
  whyEvidence?: Evidence;
  duplicateOf: number | null;
  willRun: boolean;
}

/** One process to start. `hook` is the index in the plan's `hooks`. */
export interface Job {
  hook: number;
  command: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  stdin: string;
  /** This job's kill sequence where the host's version differs from the dialect's `process.kill`. */
  kill?: KillSequence;
  /** false: the hook's shell does not lead its process group, where the host's version starts hooks in its own. */
  groupLeader?: boolean;
}

/** For hosts that run hooks one after another, each seeing the previous hook's answer. */
export interface Chain {
  start: JsonObject;
  before(job: Job, current: JsonObject): { stdin: string; env: Record<string, string> };
  after(job: Job, current: JsonObject, result: ProcessResult): { next: JsonObject; effect: Effect; diagnostics: Diagnostic[] };
  /** Hosts that stop at a decisive answer (Copilot CLI after a deny): true means this job and every later one do not run. */
  stop?(job: Job, current: JsonObject): boolean;
}

export interface Prepared<E extends HookEntry = HookEntry> {
  hooks: PlannedEntry<E>[];
  jobs: Job[];
  /** The full payload as the host writes it (base fields added). */
  input: JsonObject;
  diagnostics: Diagnostic[];
  chain?: Chain;
}

export interface Settled {
  verdict: Verdict;
  reason: string | null;
  shown?: { model?: string; user?: string; toolResult?: string };
  updatedInput: unknown;
  context: string[];
  halt: boolean;
  stopReason?: string;
  eventOut: unknown;
  /** What each hook alone contributed, by plan index; missing means `none`. */
  effects: Map<number, Effect>;
  /** How the host reports each hook's end in its own log or stream, by plan index, where it does. */
  hostReports?: Map<number, string>;
  diagnostics: Diagnostic[];
}

export interface ProcessRules {
  /** argv before the command, e.g. ['sh', '-c']. */
  shell: readonly [string, ...string[]];
  kill: KillSequence;
  /** Bytes kept per pipe; `hostCap` says the host itself drops the rest (Mework), else it is hookplay's own cap. */
  outputCap: { bytesPerPipe: number; hostCap: boolean };
}

/**
 * What the runner offers hosts whose hooks are JS/TS modules run in a child process (OpenCode plugins): set by the
 * engine at run time, absent where nothing can run (a browser).
 */
export interface ModuleRuntime {
  /** The node that starts the module host. */
  node: string;
  /** The module host script (runner/plugin-host.ts): one call of one plugin per process. */
  host: string;
  /** TypeScript → JavaScript, types erased (a maintained transpiler, never by hand). */
  transpile(path: string, source: string): { code: string } | { error: string; line?: number; column?: number };
  /** A folder's entries in the order the file system lists them (readdir), for hosts that load in that order. */
  listDir(path: string): string[] | null;
}

export interface PrepareInput<E extends HookEntry> {
  loaded: LoadResult<E>;
  event: EventSpec;
  payload: JsonObject;
  host: HostSettings;
  paths: Paths;
  /** The environment every hook starts from (PATH, HOME, LANG, host env); the dialect adds its own variables. */
  baseEnv: Record<string, string>;
  /** Set by the engine for hosts whose hooks are modules (see ModuleRuntime). */
  modules?: ModuleRuntime;
}

export interface SettleInput<E extends HookEntry> {
  prepared: Prepared<E>;
  event: EventSpec;
  host: HostSettings;
  loaded: LoadResult<E>;
  /** By plan index; only hooks that ran have one. */
  results: Map<number, ProcessResult>;
  /** Chains: the event after the last hook, and each step's effect. */
  chainEnd?: { event: JsonObject; effects: Map<number, Effect> };
}

/**
 * Everything host-specific. A dialect never spawns a process: it loads configs, plans which hooks run and
 * with what input, and reads the results back. The runner and `runScenario` do the rest.
 */
export interface Dialect<E extends HookEntry = HookEntry> {
  id: DialectId;
  label: string;
  /** One line for pickers. */
  summary: string;
  configFiles: ConfigFileSpec[];
  events: EventSpec[];
  /** Which `host` settings mean something for this host. */
  hostSettings: (keyof HostSettings)[];
  process: ProcessRules;
  /** `parallel`: matched hooks start together and the host waits for all. `chain`: one after another. */
  mode: 'parallel' | 'chain';
  /** Host versions whose rules this dialect knows (`host.version`), newest first, and the default. */
  versions?: {
    supported: readonly string[];
    default: string;
    /** The rules that differ between two supported versions, each with the recorded cases that show it. */
    changes?: (from: string, to: string) => { rule: string; from: string; to: string; cases: string[] }[];
  };
  /** A host hookplay cannot run for real at all (no binary offline): its rules are its docs', and it says so everywhere. */
  docsOnly?: string;
  /** Set once the rules are verified against the real host. */
  verifiedAgainst?: VerifiedAgainst;
  /** A starter scenario's files for a fresh playground. */
  starter: { event: string; files: Record<string, string> };
  load(files: Record<string, string>, host: HostSettings): LoadResult<E>;
  /** Directories the host makes for its hooks before any runs (file keys, `~/...` in the home). */
  hostDirs?(files: Record<string, string>, host: HostSettings): string[];
  prepare(input: PrepareInput<E>): Prepared<E>;
  settle(input: SettleInput<E>): Settled;
  /**
   * Labels what a run states beyond the dialect's own plan and settle (the runner's notes, a missing program) from
   * this host's recordings; whatever it leaves unlabelled is from the docs.
   */
  evidence?(diagnostics: Diagnostic[], loaded: LoadResult<E>): void;
  /** The order of events along a session, and what each verdict does to the next step (run by session/play.ts). */
  lifecycle?: Lifecycle<any>;
}
