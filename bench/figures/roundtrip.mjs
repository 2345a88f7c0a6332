import { expandRows } from '../lib/builds.mjs';
import { dispatchLine, oneCommandHookConfig, toolPayload, writeConfig } from '../lib/fixtures.mjs';
import { checkDispatch, startFloorEcho, startSidecar } from '../lib/sidecar.mjs';

/** sidecar round trip: a dispatch that matches no hook, answered before the next is sent, vs the bare Node echo. */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const config = writeConfig(cwd, 'roundtrip.json', oneCommandHookConfig());
  const payloadJson = JSON.stringify(toolPayload({ tool: 'Read', cwd }));
  const ops = ctx.ops(400);
  let id = 1;
  const lineOf = () => dispatchLine(id++, payloadJson);
  const closers = [];
  try {
    const floor = await startFloorEcho('roundtrip floor', { cwd });
    closers.push(() => floor.close());
    const sides = [{ name: 'floor', label: 'floor echo', sample: () => floor.sequential(ops, lineOf, { median: true }) }];
    for (const build of ctx.builds) {
      const sidecar = await startSidecar(`roundtrip sidecar${build.suffix}`, config, { cwd, bin: build.bin });
      closers.push(() => sidecar.close({ bye: true }));
      await checkDispatch(sidecar, dispatchLine(0, payloadJson), 0);
      sides.push({ name: `hookwire${build.suffix}`, label: `hookwire listen${build.tag}`, sample: () => sidecar.sequential(ops, lineOf, { median: true }) });
    }
    return {
      id: 'roundtrip',
      title: 'sidecar round trip',
      description: `one dispatch (PreToolUse, ${Buffer.byteLength(dispatchLine(1, payloadJson))} B line) that matches no hook, answered before the next is sent, vs bench/floor-echo.mjs (JSON.parse each line, answer a constant line); a sample is the median of ${ops} round trips`,
      sides,
      rows: expandRows(ctx.builds, [{ label: 'sidecar round trip (no match)', floor: 'floor', subject: 'hookwire', target: 2 }], ['hookwire']),
      teardown: () => Promise.all(closers.map((close) => close())),
    };
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
}
