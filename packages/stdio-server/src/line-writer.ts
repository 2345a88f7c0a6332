import type { Writable } from 'node:stream';

/**
 * Writes protocol lines to a stream in order, respecting backpressure: while the stream asks to
 * wait, lines queue in memory and are flushed on `drain`. A lone line is written at once; lines
 * that follow it in the same turn of the event loop are gathered into one write. After the stream
 * breaks, writes are dropped.
 */
export class LineWriter {
  #stream: Writable;
  #queue: string[] = [];
  /** The stream asked to wait for `drain`. */
  #waiting = false;
  /** A line was written this turn; more lines wait for the flush scheduled after it. */
  #gathering = false;
  #broken = false;
  #idle: (() => void)[] = [];
  readonly #endTurn = (): void => {
    this.#gathering = false;
    this.#flush();
  };

  constructor(stream: Writable, onBroken: (error: Error) => void) {
    this.#stream = stream;
    stream.on('drain', () => {
      this.#waiting = false;
      this.#flush();
    });
    stream.on('error', (error: Error) => {
      if (this.#broken) return;
      this.#broken = true;
      this.#queue = [];
      this.#settleIdle();
      onBroken(error);
    });
  }

  get broken(): boolean {
    return this.#broken;
  }

  write(line: string): void {
    if (this.#broken) return;
    if (this.#waiting || this.#gathering) {
      this.#queue.push(line);
      return;
    }
    this.#gathering = true;
    setImmediate(this.#endTurn);
    if (!this.#stream.write(line)) this.#waiting = true;
  }

  /** Resolves once every queued line has been handed to the stream. */
  idle(): Promise<void> {
    if (this.#queue.length === 0 || this.#broken) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #flush(): void {
    if (this.#queue.length > 0 && !this.#waiting && !this.#broken) {
      const batch = this.#queue.length === 1 ? this.#queue[0]! : this.#queue.join('');
      this.#queue = [];
      if (!this.#stream.write(batch)) this.#waiting = true;
    }
    if (this.#queue.length === 0) this.#settleIdle();
  }

  #settleIdle(): void {
    for (const resolve of this.#idle.splice(0)) resolve();
  }
}
