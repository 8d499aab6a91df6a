import { StringDecoder } from 'node:string_decoder';

/** Keeps at most `cap` bytes of a pipe, decoding UTF-8 safely across chunk borders. */
export class CappedOutput {
  private readonly decoder = new StringDecoder('utf8');
  private kept = 0;
  text = '';
  dropped = 0;

  constructor(private readonly cap: number) {}

  /** Returns the decoded text that fits under the cap ('' when none does). */
  push(chunk: Buffer): string {
    const room = this.cap - this.kept;
    if (room <= 0) {
      this.dropped += chunk.length;
      return '';
    }
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.dropped += chunk.length - part.length;
    this.kept += part.length;
    const text = this.decoder.write(part);
    this.text += text;
    return text;
  }

  end(): string {
    const tail = this.decoder.end();
    this.text += tail;
    return tail;
  }
}
