import type { Writable } from 'node:stream';

/**
 * Writes protocol lines to a stream in order, respecting backpressure: while the stream asks to
 * wait, lines queue in memory and are flushed on `drain`. After the stream breaks, writes are dropped.
 */
export class LineWriter {
  #stream: Writable;
  #queue: string[] = [];
  #waiting = false;
  #broken = false;
  #idle: (() => void)[] = [];

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
    this.#queue.push(line);
    if (!this.#waiting) this.#flush();
  }

  /** Resolves once every queued line has been handed to the stream. */
  idle(): Promise<void> {
    if (this.#queue.length === 0 || this.#broken) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #flush(): void {
    while (this.#queue.length > 0 && !this.#waiting && !this.#broken) {
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
