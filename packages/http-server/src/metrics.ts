import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { DISPATCH_CHANNEL, type DispatchMessage, type Session } from '@hookwire/session';

/** Upper bounds (seconds) of the duration histograms: 1 ms to 60 s. */
export const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface Series {
  /** The rendered label pairs, `a="x",b="y"`. */
  labels: string;
  value: number;
  /** Histograms: the count per bucket (not cumulative; summed when rendered), the overflow last. */
  buckets?: number[];
  sum?: number;
}

function escapeLabel(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

/**
 * One metric family with fixed label names, rendered in the Prometheus text exposition format
 * 0.0.4. Written by hand rather than with prom-client: three counters, two histograms and a gauge
 * are a hundred lines, and prom-client would bring a global registry, process metrics and a
 * dependency into the executable. A series is found by its label values joined, so counting on
 * the request path is one map lookup; labels are escaped once, when a series is first seen.
 */
class Family {
  readonly #series = new Map<string, Series>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'histogram' | 'gauge',
    readonly labels: readonly string[],
  ) {}

  #seriesOf(values: readonly string[]): Series {
    const key = values.length === 1 ? values[0]! : values.join('\u0000');
    let series = this.#series.get(key);
    if (!series) {
      series = { labels: this.labels.map((name, i) => `${name}="${escapeLabel(values[i] ?? '')}"`).join(','), value: 0 };
      if (this.type === 'histogram') {
        series.buckets = new Array<number>(DURATION_BUCKETS.length + 1).fill(0);
        series.sum = 0;
      }
      this.#series.set(key, series);
    }
    return series;
  }

  add(values: readonly string[], by = 1): void {
    this.#seriesOf(values).value += by;
  }

  set(values: readonly string[], value: number): void {
    this.#seriesOf(values).value = value;
  }

  observe(values: readonly string[], seconds: number): void {
    const series = this.#seriesOf(values);
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    series.buckets![i]!++;
    series.sum! += seconds;
    series.value++;
  }

  render(): string {
    let text = `# HELP ${this.name} ${this.help}\n# TYPE ${this.name} ${this.type}\n`;
    const braces = (labels: string, extra?: string) => {
      const all = extra === undefined ? labels : labels === '' ? extra : `${labels},${extra}`;
      return all === '' ? '' : `{${all}}`;
    };
    for (const series of this.#series.values()) {
      if (!series.buckets) {
        text += `${this.name}${braces(series.labels)} ${series.value}\n`;
        continue;
      }
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, i) => {
        cumulative += series.buckets![i]!;
        text += `${this.name}_bucket${braces(series.labels, `le="${bound}"`)} ${cumulative}\n`;
      });
      text += `${this.name}_bucket${braces(series.labels, 'le="+Inf"')} ${series.value}\n`;
      text += `${this.name}_sum${braces(series.labels)} ${series.sum}\n${this.name}_count${braces(series.labels)} ${series.value}\n`;
    }
    return text;
  }
}

/** Status codes as label values, made once. */
const STATUS_TEXT: Record<number, string> = Object.fromEntries([200, 400, 401, 404, 405, 409, 413, 500, 503].map((code) => [code, String(code)]));

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
      requests.add([route, STATUS_TEXT[status] ?? String(status)]);
    },
    render(inFlight) {
      inFlightGauge.set([], inFlight);
      return [dispatches, dispatchSeconds, runs, runSeconds, requests, inFlightGauge].map((family) => family.render()).join('');
    },
    close() {
      unsubscribe(DISPATCH_CHANNEL, onDispatch);
    },
  };
}
