/** What a chunk of input yields: complete lines, or the notice that a line went over the cap. */
export type LineEvent = { type: 'line'; line: string } | { type: 'oversize'; bytes: number };

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines with a size cap. A line over the cap is dropped as it streams
 * past (never held whole in memory) and reported once, when its newline arrives.
 */
export class LineBuffer {
  readonly maxLineBytes: number;
  #parts: Buffer[] = [];
  #size = 0;
  #overflow = 0;

  constructor(maxLineBytes: number) {
    this.maxLineBytes = maxLineBytes;
  }

  /** Appends a chunk and returns the events it completes, in order. */
  push(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      this.#append(chunk.subarray(start, nl));
      events.push(this.#take());
      start = nl + 1;
    }
    if (start < chunk.length) this.#append(chunk.subarray(start));
    return events;
  }

  /** Ends the stream: an unterminated last line still counts. */
  end(): LineEvent[] {
    return this.#size > 0 || this.#overflow > 0 ? [this.#take()] : [];
  }

  #append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.#overflow > 0 || this.#size + part.length > this.maxLineBytes) {
      this.#overflow += this.#size + part.length;
      this.#parts = [];
      this.#size = 0;
      return;
    }
    this.#parts.push(part);
    this.#size += part.length;
  }

  #take(): LineEvent {
    if (this.#overflow > 0) {
      const bytes = this.#overflow;
      this.#overflow = 0;
      return { type: 'oversize', bytes };
    }
    const line = this.#parts.length === 1 ? this.#parts[0]!.toString('utf8') : Buffer.concat(this.#parts, this.#size).toString('utf8');
    this.#parts = [];
    this.#size = 0;
    return { type: 'line', line };
  }
}
