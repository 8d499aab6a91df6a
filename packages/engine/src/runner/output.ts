import { StringDecoder } from 'node:string_decoder';

/** What a whole run may still keep of its hooks' output, shared by all of its pipes. */
export interface OutputBudget {
  remaining: number;
}

/** Keeps at most `cap` bytes of a pipe (and no more than the run's budget), decoding UTF-8 safely across chunk borders. */
export class CappedOutput {
  private readonly decoder = new StringDecoder('utf8');
  private kept = 0;
  text = '';
  dropped = 0;
  /** Bytes dropped because the run's budget ran out, not the pipe's own cap. */
  droppedByBudget = 0;

  constructor(
    private readonly cap: number,
    private readonly budget?: OutputBudget,
  ) {}

  /** Returns the decoded text that fits under the cap ('' when none does). */
  push(chunk: Buffer): string {
    const own = this.cap - this.kept;
    const room = this.budget ? Math.min(own, this.budget.remaining) : own;
    if (room <= 0) {
      this.drop(chunk.length, own);
      return '';
    }
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.drop(chunk.length - part.length, own - part.length);
    this.kept += part.length;
    if (this.budget) this.budget.remaining -= part.length;
    const text = this.decoder.write(part);
    this.text += text;
    return text;
  }

  /** `ownRoom`: what the pipe's own cap would still have taken; the rest of `n` is the budget's doing. */
  private drop(n: number, ownRoom: number): void {
    if (n <= 0) return;
    this.dropped += n;
    this.droppedByBudget += Math.max(0, Math.min(n, ownRoom));
  }

  end(): string {
    const tail = this.decoder.end();
    this.text += tail;
    return tail;
  }
}
