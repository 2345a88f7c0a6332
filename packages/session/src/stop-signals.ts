/**
 * The signals that stop `hookwire listen` and `hookwire run`, with their exit codes (128 + the
 * signal's number, as a shell reports a process killed by it). SIGHUP is what a closed terminal
 * sends: it stops hookwire like SIGTERM, every running hook's process tree killed.
 */
export const STOP_SIGNALS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const satisfies Partial<Record<NodeJS.Signals, number>>;

export type StopSignal = keyof typeof STOP_SIGNALS;

/** Calls `onSignal` on each stop signal until the returned function is called. */
export function onStopSignals(onSignal: (signal: StopSignal) => void): () => void {
  const names = Object.keys(STOP_SIGNALS) as StopSignal[];
  for (const name of names) process.on(name, onSignal);
  return () => {
    for (const name of names) process.off(name, onSignal);
  };
}
