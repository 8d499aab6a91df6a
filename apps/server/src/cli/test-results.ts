import type { AnyOutcome, Mismatch } from '@hookplay/engine';

/** One scenario's result in `hookplay test`, whatever the reporter. */
export interface TestResult {
  file: string;
  /** The path as shown: relative to the working directory. */
  name: string;
  title?: string;
  status: 'passed' | 'failed';
  /** Why it failed, when it is not a mismatch: invalid file, no expect block, a crash. */
  error?: string;
  mismatches: Mismatch[];
  /** Error diagnostics of the outcome, shown beside mismatches. */
  errors: string[];
  ms: number;
  outcome?: AnyOutcome;
  /** Set when the scenario's result can depend on timing (why). */
  timing?: string;
  /** Set when it failed while other scenarios ran and was run again alone: what it got under load. */
  underLoad?: Mismatch[];
}
