import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { BUNDLE_CHECK_RESULTS, BUNDLE_FAILURE_REASONS, DISPATCH_CHANNEL, type BundleFeed, type DispatchMessage, type Session } from '@hookwire/session';

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

  /** Drops every series (for an info gauge whose labels change: only the current one is shown). */
  clear(): void {
    this.#series.clear();
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

const seconds = (iso: string | undefined): number => (iso === undefined ? 0 : Date.parse(iso) / 1000);

/** The families of a polled policy bundle, filled from its status at render time (the feed keeps the counts). */
function bundleFamilies(feed: BundleFeed): () => Family[] {
  const info = new Family('hookwire_bundle_info', 'The policy bundle in force (value 1; absent until one is active), by revision and signing key id.', 'gauge', ['revision', 'keyid']);
  const ready = new Family('hookwire_bundle_ready', '1 when a verified policy bundle is active (readiness), else 0.', 'gauge', []);
  const activated = new Family('hookwire_bundle_activated_timestamp_seconds', 'When the bundle in force was activated (Unix seconds; 0 before any).', 'gauge', []);
  const success = new Family('hookwire_bundle_last_success_timestamp_seconds', 'When a check last ended with a good bundle in force: activated or unchanged (Unix seconds; 0 before any).', 'gauge', []);
  const checked = new Family('hookwire_bundle_last_check_timestamp_seconds', 'When the bundle source was last checked (Unix seconds).', 'gauge', []);
  const activations = new Family('hookwire_bundle_activations_total', 'Bundles activated (a new revision swapped in).', 'counter', []);
  const checks = new Family('hookwire_bundle_checks_total', 'Checks of the bundle source, by result: activated, unchanged (HTTP 304, file unchanged, same manifest), failed.', 'counter', ['result']);
  const failures = new Family('hookwire_bundle_failures_total', 'Bundles not activated, by reason: download, timeout, verify, install, load. The bundle in force stays.', 'counter', ['reason']);
  return () => {
    const status = feed.status();
    info.clear();
    if (status.active !== undefined) info.set([status.active.revision, status.active.keyid], 1);
    ready.set([], status.active === undefined ? 0 : 1);
    activated.set([], seconds(status.active?.activatedAt));
    success.set([], seconds(status.lastSuccessAt));
    checked.set([], seconds(status.lastCheck?.at));
    activations.set([], status.activations);
    for (const result of BUNDLE_CHECK_RESULTS) checks.set([result], status.checks[result]);
    for (const reason of BUNDLE_FAILURE_REASONS) failures.set([reason], status.failures[reason]);
    return [info, ready, activated, success, checked, activations, checks, failures];
  };
}

/** The metrics of one `hookwire serve`: its HTTP requests, the dispatches of its session (read off the session's channel), and its policy bundle. */
export function createServeMetrics(session: Session, feed?: BundleFeed): ServeMetrics {
  const dispatches = new Family('hookwire_dispatches_total', 'Dispatches answered, by canonical event and folded decision.', 'counter', ['event', 'decision']);
  const dispatchSeconds = new Family('hookwire_dispatch_duration_seconds', 'Time from the start of a dispatch to its folded outcome.', 'histogram', ['event']);
  const runs = new Family('hookwire_hook_runs_total', 'Hook runs, by handler kind and failure class ("none" when the handler answered).', 'counter', ['kind', 'failure']);
  const runSeconds = new Family('hookwire_hook_run_duration_seconds', 'Duration of one hook run.', 'histogram', ['kind']);
  const requests = new Family('hookwire_http_requests_total', 'HTTP requests answered, by route and status code.', 'counter', ['route', 'status']);
  const inFlightGauge = new Family('hookwire_inflight', 'Dispatches in flight.', 'gauge', []);
  const failOpen = new Family(
    'hookwire_fail_open_total',
    'Hook failures that let the action proceed (as Envoy ext_authz counts its fail-opens): a hook run that failed (timeout, crash, bad output, ...) under onError "warn" or "ignore" in a dispatch that did not deny, by handler kind, failure class and onError.',
    'counter',
    ['kind', 'failure', 'on_error'],
  );
  const bundle = feed === undefined ? undefined : bundleFamilies(feed);

  const onDispatch = (message: unknown) => {
    const { session: from, result, durationMs } = message as DispatchMessage;
    if (from !== session) return;
    dispatches.add([result.canonical, result.outcome.decision]);
    dispatchSeconds.observe([result.canonical], durationMs / 1000);
    const proceeded = result.outcome.decision !== 'deny' && result.outcome.continue;
    for (const run of result.runs) {
      const failure = run.outcome.failure?.class;
      runs.add([run.kind, failure ?? 'none']);
      runSeconds.observe([run.kind], run.durationMs / 1000);
      if (failure !== undefined && proceeded && (run.onError === 'warn' || run.onError === 'ignore') && run.mode !== 'observe') failOpen.add([run.kind, failure, run.onError]);
    }
  };
  subscribe(DISPATCH_CHANNEL, onDispatch);

  return {
    countRequest(route, status) {
      requests.add([route, STATUS_TEXT[status] ?? String(status)]);
    },
    render(inFlight) {
      inFlightGauge.set([], inFlight);
      return [dispatches, dispatchSeconds, runs, runSeconds, failOpen, requests, inFlightGauge, ...(bundle?.() ?? [])].map((family) => family.render()).join('');
    },
    close() {
      unsubscribe(DISPATCH_CHANNEL, onDispatch);
    },
  };
}
