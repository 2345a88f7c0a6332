import { expandRows } from '../lib/builds.mjs';
import { dispatchLine, oneCommandHookConfig, toolPayload, writeConfig } from '../lib/fixtures.mjs';
import { checkDispatch, startFloorEcho, startSidecar } from '../lib/sidecar.mjs';

/** pipelined throughput: N no-match dispatches with ids written at once, vs the floor echo answering each line as it parses it. */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const config = writeConfig(cwd, 'pipeline.json', oneCommandHookConfig());
  const payloadJson = JSON.stringify(toolPayload({ tool: 'Read', cwd }));
  const count = ctx.options.pipeline;
  const lines = [];
  for (let i = 1; i <= count; i++) lines.push(dispatchLine(i, payloadJson));
  const text = Buffer.from(lines.join(''));
  const perOp = (total) => total / count;
  const closers = [];
  try {
    const floor = await startFloorEcho('pipeline floor', { cwd });
    closers.push(() => floor.close());
    const sides = [{ name: 'floor', label: 'floor echo', sample: async () => perOp(await floor.burst(text, count)) }];
    for (const build of ctx.builds) {
      const sidecar = await startSidecar(`pipeline sidecar${build.suffix}`, config, { cwd, bin: build.bin });
      closers.push(() => sidecar.close({ bye: true }));
      await checkDispatch(sidecar, dispatchLine(0, payloadJson), 0);
      sides.push({ name: `hookwire${build.suffix}`, label: `hookwire listen${build.tag}`, sample: async () => perOp(await sidecar.burst(text, count)) });
    }
    return {
      id: 'pipeline',
      title: 'pipelined throughput',
      description: `${count.toLocaleString('en')} no-match dispatches with ids (${(text.length / 2 ** 20).toFixed(1)} MiB) written at once, all in flight; time to the last answer / ${count.toLocaleString('en')}; the floor echo answers each line as it parses it`,
      sides,
      rows: expandRows(ctx.builds, [{ label: `pipelined throughput (${count.toLocaleString('en')} in flight), per dispatch`, floor: 'floor', subject: 'hookwire', target: 2.5, throughput: true }], ['hookwire']),
      teardown: () => Promise.all(closers.map((close) => close())),
    };
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
}
