import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { DISPATCH_CHANNEL, type DispatchMessage, type Session } from '../session/session.js';

/** Upper bounds (seconds) of the duration histograms: 1 ms to 60 s. */
export const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

function escapeLabel(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

function labelsOf(names: readonly string[], values: readonly string[]): string {
  return names.map((name, i) => `${name}="${escapeLabel(values[i] ?? '')}"`).join(',');
}

/**
 * A small Prometheus registry written by hand: a few counters and histograms with fixed label
 * names, rendered in the text exposition format 0.0.4. (prom-client would bring a registry with
 * process metrics and a dependency into the executable for what is about a hundred lines here.)
 */
class Family {
  readonly counters = new Map<string, number>();
  readonly histograms = new Map<string, Histogram>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'histogram' | 'gauge',
    readonly labels: readonly string[],
  ) {}

  add(values: readonly string[], by = 1): void {
    const key = labelsOf(this.labels, values);
    this.counters.set(key, (this.counters.get(key) ?? 0) + by);
  }

  observe(values: readonly string[], seconds: number): void {
    const key = labelsOf(this.labels, values);
    let histogram = this.histograms.get(key);
    if (!histogram) {
      histogram = { counts: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.histograms.set(key, histogram);
    }
    for (let i = 0; i < DURATION_BUCKETS.length; i++) if (seconds <= DURATION_BUCKETS[i]!) histogram.counts[i]!++;
    histogram.sum += seconds;
    histogram.count++;
  }

  render(): string {
    let text = `# HELP ${this.name} ${this.help}\n# TYPE ${this.name} ${this.type}\n`;
    const braces = (key: string, extra?: string) => {
      const all = [key, extra].filter((part) => part !== undefined && part !== '').join(',');
      return all === '' ? '' : `{${all}}`;
    };
    for (const [key, value] of this.counters) text += `${this.name}${braces(key)} ${value}\n`;
    for (const [key, histogram] of this.histograms) {
      DURATION_BUCKETS.forEach((bound, i) => (text += `${this.name}_bucket${braces(key, `le="${bound}"`)} ${histogram.counts[i]}\n`));
      text += `${this.name}_bucket${braces(key, 'le="+Inf"')} ${histogram.count}\n`;
      text += `${this.name}_sum${braces(key)} ${histogram.sum}\n${this.name}_count${braces(key)} ${histogram.count}\n`;
    }
    return text;
  }
}

export interface ServeMetrics {
  /** Counts one HTTP request by route and status. */
  countRequest(route: string, status: number): void;
  /** The exposition text; `inFlight` is sampled at render time. */
  render(inFlight: number): string;
  /** Stops listening to the session's dispatches. */
  close(): void;
}

/** The metrics of one `hookwire serve`: its HTTP requests, and the dispatches of its session (read off the session's channel). */
export function createServeMetrics(session: Session): ServeMetrics {
  const dispatches = new Family('hookwire_dispatches_total', 'Dispatches answered, by canonical event and folded decision.', 'counter', ['event', 'decision']);
  const dispatchSeconds = new Family('hookwire_dispatch_duration_seconds', 'Time from the start of a dispatch to its folded outcome.', 'histogram', ['event']);
  const runs = new Family('hookwire_hook_runs_total', 'Hook runs, by handler kind and failure class ("none" when the handler answered).', 'counter', ['kind', 'failure']);
  const runSeconds = new Family('hookwire_hook_run_duration_seconds', 'Duration of one hook run.', 'histogram', ['kind']);
  const requests = new Family('hookwire_http_requests_total', 'HTTP requests answered, by route and status code.', 'counter', ['route', 'status']);
  const inFlightGauge = new Family('hookwire_inflight', 'Dispatches in flight.', 'gauge', []);

  const onDispatch = (message: unknown) => {
    const { session: from, result, durationMs } = message as DispatchMessage;
    if (from !== session) return;
    dispatches.add([result.canonical, result.outcome.decision]);
    dispatchSeconds.observe([result.canonical], durationMs / 1000);
    for (const run of result.runs) {
      runs.add([run.kind, run.outcome.failure?.class ?? 'none']);
      runSeconds.observe([run.kind], run.durationMs / 1000);
    }
  };
  subscribe(DISPATCH_CHANNEL, onDispatch);

  return {
    countRequest(route, status) {
      requests.add([route, String(status)]);
    },
    render(inFlight) {
      inFlightGauge.counters.set('', inFlight);
      return [dispatches, dispatchSeconds, runs, runSeconds, requests, inFlightGauge].map((family) => family.render()).join('');
    },
    close() {
      unsubscribe(DISPATCH_CHANNEL, onDispatch);
    },
  };
}
