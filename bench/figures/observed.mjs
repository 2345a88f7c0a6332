import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { expandRows } from '../lib/builds.mjs';
import { oneAgentHookConfig, oneCommandHookConfig, toolPayload } from '../lib/fixtures.mjs';
import { importDependencyOf } from '../lib/paths.mjs';
import { tinySample } from '../lib/sample.mjs';

/** The package that depends on the OpenTelemetry SDK: `otlp` since the house moved (issue 19), `stdio-server` in older checkouts. */
const OTLP_PACKAGE = (dir) => (existsSync(join(dir, 'packages/otlp/package.json')) ? 'otlp' : 'stdio-server');

const LIFECYCLE_CHANNELS = ['hookwire:dispatch:start', 'hookwire:dispatch:end', 'hookwire:hook:start', 'hookwire:hook:end'];

/** Runs `sample` with `start()`'s subscriber on, and stops it afterwards. */
async function withSubscriber(start, sample) {
  const stop = await start();
  try {
    return await sample();
  } finally {
    stop();
  }
}

/** A no-op subscriber on every lifecycle channel: the cost of building and publishing the messages alone. */
function subscribeNoop() {
  const noop = () => {};
  for (const name of LIFECYCLE_CHANNELS) subscribe(name, noop);
  return () => {
    for (const name of LIFECYCLE_CHANNELS) unsubscribe(name, noop);
  };
}

/**
 * An OpenTelemetry SDK as `hookwire serve` registers one (a tracer provider with a batch span
 * processor), exporting into nothing: what `enableTracing` costs a dispatch, short of the network.
 * Undefined when the measured build has no tracing (or not the SDK packages).
 */
async function tracingOf(build) {
  if (typeof build.runtimeLib.enableTracing !== 'function') return undefined;
  try {
    const [{ trace }, { BasicTracerProvider, BatchSpanProcessor }] = await Promise.all([
      importDependencyOf(OTLP_PACKAGE(build.dir), '@opentelemetry/api', build.dir),
      importDependencyOf(OTLP_PACKAGE(build.dir), '@opentelemetry/sdk-trace-base', build.dir),
    ]);
    const exporter = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => {}, forceFlush: async () => {} };
    const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter, { maxQueueSize: 1 << 16, maxExportBatchSize: 1 << 12 })] });
    return async () => {
      trace.setGlobalTracerProvider(provider);
      const stop = await build.runtimeLib.enableTracing();
      return () => {
        stop();
        trace.disable();
      };
    };
  } catch {
    return undefined;
  }
}

/**
 * observed: what each subscriber of the lifecycle channels costs a dispatch — the in-process
 * no-match and one-hook dispatches of `inprocess`, unsubscribed against: a no-op subscriber on
 * every channel (the messages alone), the audit log writing into nothing (building and serialising
 * each record), and tracing through an OpenTelemetry SDK exporting into nothing; in ns/op. A figure
 * of its own, because subscribing and unsubscribing changes the channels' shape for the whole
 * process: `inprocess` measures the unsubscribed runtime undisturbed.
 */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const timeMs = ctx.options.tinyTimeMs;
  const payload = toolPayload({ tool: 'Read', cwd });
  const sides = [];
  const runtimes = [];
  const kinds = ['noop', 'audit', 'traced'];
  let traced = true;
  for (const build of ctx.builds) {
    const { createRuntime, silentLogger } = build.runtimeLib;
    const nomatchRuntime = await createRuntime({ config: oneCommandHookConfig(), configDir: cwd, logger: silentLogger });
    const oneHookRuntime = await createRuntime({ config: oneAgentHookConfig(), configDir: cwd, logger: silentLogger, proxy: () => ({ ok: true }) });
    runtimes.push(nomatchRuntime, oneHookRuntime);
    const tenOf = (runtime) => () =>
      tinySample(
        async () => {
          for (let i = 0; i < 10; i++) await runtime.dispatch('PreToolUse', payload);
        },
        { timeMs, inner: 10 },
      );
    const subscribers = {
      noop: { label: 'a no-op lifecycle subscriber', start: subscribeNoop },
      audit: build.runtimeLib.subscribeAuditLog === undefined ? undefined : { label: 'the audit log', start: () => build.runtimeLib.subscribeAuditLog({ write: () => {} }) },
      traced: await tracingOf(build).then((start) => (start === undefined ? undefined : { label: 'OpenTelemetry tracing', start })),
    };
    if (subscribers.traced === undefined) traced = false;
    for (const [id, what, runtime] of [['nomatch', 'no matching hook', nomatchRuntime], ['onehook', 'one in-process hook', oneHookRuntime]]) {
      const sample = tenOf(runtime);
      sides.push({ name: `${id}${build.suffix}`, label: `${what}, nobody subscribed${build.tag}`, sample });
      for (const kind of kinds) {
        const subscriber = subscribers[kind];
        if (subscriber !== undefined) sides.push({ name: `${id}-${kind}${build.suffix}`, label: `${what}, ${subscriber.label}${build.tag}`, sample: () => withSubscriber(subscriber.start, sample) });
      }
    }
  }
  // Rows only for the subscribers every measured build has (a --compare build from before tracing has none).
  const measured = kinds.filter((kind) => kind !== 'traced' || traced);
  const rows = [];
  for (const [id, what] of [['nomatch', 'no match'], ['onehook', 'one in-process hook']]) {
    for (const kind of measured) rows.push({ label: `dispatch, ${what}: with ${kind === 'noop' ? 'a no-op lifecycle subscriber' : kind === 'audit' ? 'the audit log' : 'OpenTelemetry tracing'} / without`, floor: id, subject: `${id}-${kind}` });
  }
  return {
    id: 'observed',
    title: 'observed (each lifecycle subscriber)',
    description: `tinybench, median latency per dispatch (10 back to back per task), unsubscribed against each subscriber alone: a no-op one on every hookwire:* channel, the audit log writing into nothing, OpenTelemetry tracing (BasicTracerProvider + BatchSpanProcessor, exporting into nothing); ${timeMs} ms per sample`,
    unit: 'ns/op',
    sides,
    rows: expandRows(ctx.builds, rows, ['nomatch', 'onehook', ...measured.flatMap((kind) => [`nomatch-${kind}`, `onehook-${kind}`])]),
    teardown: () => Promise.all(runtimes.map((r) => r.close())),
  };
}
