/**
 * Cancellation of one request, with its AbortController made only when a hook actually runs: most
 * dispatches select no hook, and a controller per request is measurable on the pipelined path.
 */
export class CancelHandle {
  #controller: AbortController | undefined;
  #canceled = false;

  get canceled(): boolean {
    return this.#canceled;
  }

  /** The request's signal, made on first use; already aborted if the request was canceled before. */
  readonly signal = (): AbortSignal => {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#canceled) this.#controller.abort();
    }
    return this.#controller.signal;
  };

  cancel(): void {
    this.#canceled = true;
    this.#controller?.abort();
  }
}
