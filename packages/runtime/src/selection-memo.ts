import type { LoadedHook } from './loaded-hook.js';

/**
 * The selections already made on one config, by event and subject: the one mutable part beside an
 * immutable config state. The runtime makes a memo with each state it loads, so a reload starts
 * with an empty one and a dispatch in flight keeps the memo of the state it started on.
 */
export class SelectionMemo {
  readonly #byEvent = new WeakMap<object, Map<string, readonly LoadedHook[]>>();

  /** The selections remembered for one event's hooks (keyed by the index entry), made on first use. */
  of(eventHooks: object): Map<string, readonly LoadedHook[]> {
    let selections = this.#byEvent.get(eventHooks);
    if (selections === undefined) {
      selections = new Map();
      this.#byEvent.set(eventHooks, selections);
    }
    return selections;
  }
}
