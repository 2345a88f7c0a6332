import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { expandRows } from '../lib/builds.mjs';
import { oneAgentHookConfig, oneCommandHookConfig, toolPayload } from '../lib/fixtures.mjs';
import { tinySample } from '../lib/sample.mjs';

const LIFECYCLE_CHANNELS = ['hookwire:dispatch:start', 'hookwire:dispatch:end', 'hookwire:hook:start', 'hookwire:hook:end'];

/**
 * Runs `sample` with subscribers on: a no-op subscriber on every lifecycle channel and, where the
 * build has it, the audit log subscriber writing into nothing (the cost of building and serialising
 * each record). Unsubscribed afterwards.
 */
async function withSubscribers(runtimeLib, sample) {
  const noop = () => {};
  for (const name of LIFECYCLE_CHANNELS) subscribe(name, noop);
  const stopAudit = runtimeLib.subscribeAuditLog?.({ write: noop });
  try {
    return await sample();
  } finally {
    stopAudit?.();
    for (const name of LIFECYCLE_CHANNELS) unsubscribe(name, noop);
  }
}

/**
 * observed: what the lifecycle channels and the audit log cost when someone listens — the in-process
 * no-match and one-hook dispatches of `inprocess`, with subscribers against without, in ns/op.
 * A figure of its own, because subscribing and unsubscribing changes the channels' shape for the
 * whole process: `inprocess` measures the unsubscribed runtime undisturbed.
 */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const timeMs = ctx.options.tinyTimeMs;
  const payload = toolPayload({ tool: 'Read', cwd });
  const sides = [];
  const runtimes = [];
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
    const nomatch = tenOf(nomatchRuntime);
    const onehook = tenOf(oneHookRuntime);
    sides.push(
      { name: `nomatch${build.suffix}`, label: `no matching hook, nobody subscribed${build.tag}`, sample: nomatch },
      { name: `nomatch-observed${build.suffix}`, label: `no matching hook, lifecycle + audit subscribers${build.tag}`, sample: () => withSubscribers(build.runtimeLib, nomatch) },
      { name: `onehook${build.suffix}`, label: `one in-process hook, nobody subscribed${build.tag}`, sample: onehook },
      { name: `onehook-observed${build.suffix}`, label: `one in-process hook, lifecycle + audit subscribers${build.tag}`, sample: () => withSubscribers(build.runtimeLib, onehook) },
    );
  }
  const rows = [
    { label: 'dispatch, no match: with lifecycle + audit subscribers / without', floor: 'nomatch', subject: 'nomatch-observed' },
    { label: 'dispatch, one in-process hook: with lifecycle + audit subscribers / without', floor: 'onehook', subject: 'onehook-observed' },
  ];
  return {
    id: 'observed',
    title: 'observed (lifecycle subscribers)',
    description: `tinybench, median latency per dispatch (10 back to back per task), with a no-op subscriber on every hookwire:* channel and the audit log writing into nothing, against the same dispatch unobserved; ${timeMs} ms per sample`,
    unit: 'ns/op',
    sides,
    rows: expandRows(ctx.builds, rows, ['nomatch', 'nomatch-observed', 'onehook', 'onehook-observed']),
    teardown: () => Promise.all(runtimes.map((r) => r.close())),
  };
}
