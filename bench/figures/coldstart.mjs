import { expandRows } from '../lib/builds.mjs';
import { oneCommandHookConfig, writeConfig } from '../lib/fixtures.mjs';
import { FLOOR_ECHO } from '../lib/paths.mjs';
import { timeFirstLine } from '../lib/processes.mjs';

const PING = '{"op":"ping"}\n';

/** cold start: spawn → first response line, for `hookwire listen` and for the floor echo. */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const config = writeConfig(cwd, 'coldstart.json', oneCommandHookConfig());
  const ops = ctx.ops(2);
  return {
    id: 'coldstart',
    title: 'cold start',
    description: `spawn → first answer line to a \`ping\` written at once; \`node packages/stdio-server/lib/index.js listen --config\` (one command hook) vs \`node bench/floor-echo.mjs\`; ${ops} starts per side per round, alternating`,
    sides: [
      { name: 'floor', label: 'node floor-echo.mjs', op: () => timeFirstLine(process.execPath, [FLOOR_ECHO], PING, { cwd }) },
      ...ctx.builds.map((build) => ({
        name: `hookwire${build.suffix}`,
        label: `hookwire listen${build.tag}`,
        op: () => timeFirstLine(process.execPath, [build.bin, 'listen', '--config', config], PING, { cwd }),
      })),
    ],
    opsPerSample: ops,
    rows: expandRows(ctx.builds, [{ label: 'cold start to the first pong', floor: 'floor', subject: 'hookwire', target: 2.5 }], ['hookwire']),
  };
}
