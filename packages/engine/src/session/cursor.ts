import { stepKind, type SessionStep, type StepKind } from './steps.js';

/** Walks a session's steps for a lifecycle: what comes next, and which steps were never reached. */
export class StepCursor {
  private at = 0;
  constructor(readonly steps: SessionStep[]) {}

  get done(): boolean {
    return this.at >= this.steps.length;
  }

  /** The next step's index and kind, without taking it. */
  peek(): { index: number; kind: StepKind; step: SessionStep } | null {
    if (this.done) return null;
    const step = this.steps[this.at]!;
    return { index: this.at, kind: stepKind(step), step };
  }

  next(): { index: number; kind: StepKind; step: SessionStep } | null {
    const p = this.peek();
    if (p) this.at++;
    return p;
  }

  /** Takes the next step only when it is of this kind. */
  take<K extends StepKind>(kind: K): { index: number; step: SessionStep } | null {
    const p = this.peek();
    if (!p || p.kind !== kind) return null;
    this.at++;
    return p;
  }

  /** Whether the turn goes on: the next step is the model's (a tool call or a reply), not the user's. */
  modelActsNext(): boolean {
    const p = this.peek();
    return p !== null && (p.kind === 'tool' || p.kind === 'reply' || p.kind === 'event');
  }

  /** Skips the rest of the current turn (up to the next prompt); returns the skipped indices. */
  skipTurn(): number[] {
    const skipped: number[] = [];
    while (!this.done && this.peek()!.kind !== 'prompt') skipped.push(this.next()!.index);
    return skipped;
  }

  /** Skips the rest of the turn up to the next prompt, or the resume step that starts the next host process. */
  skipToTurnOrResume(): number[] {
    const skipped: number[] = [];
    while (!this.done && this.peek()!.kind !== 'prompt' && this.peek()!.kind !== 'resume') skipped.push(this.next()!.index);
    return skipped;
  }

  /** Skips every step up to the next resume step (the host process ended early); none: all of them. */
  skipToResume(): number[] {
    const skipped: number[] = [];
    while (!this.done && this.peek()!.kind !== 'resume') skipped.push(this.next()!.index);
    return skipped;
  }

  /** Whether a resume step comes later. */
  resumesLater(): boolean {
    for (let i = this.at; i < this.steps.length; i++) if (stepKind(this.steps[i]!) === 'resume') return true;
    return false;
  }

  /** Every step not taken yet. */
  rest(): number[] {
    const out: number[] = [];
    for (let i = this.at; i < this.steps.length; i++) out.push(i);
    return out;
  }
}
