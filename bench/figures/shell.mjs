import { expandRows } from '../lib/builds.mjs';
import { dispatchLine, oneCommandHookConfig, renderClaude, SHELL, toolPayload, TRIVIAL_COMMAND, writeConfig } from '../lib/fixtures.mjs';
import { checkDispatch, startSidecar, startSpawner } from '../lib/sidecar.mjs';

/**
 * shell dispatch: a sidecar dispatch to one trivial command hook vs a bare spawn of the same command
 * with the same stdin. The spawn is made and timed by bench/spawner.mjs, a small Node process like
 * the sidecar (fork() cost grows with the parent's memory, and the bench process is the biggest here).
 */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const config = writeConfig(cwd, 'shell.json', oneCommandHookConfig());
  const payload = toolPayload({ tool: 'Bash', cwd });
  const payloadJson = JSON.stringify(payload);
  const input = renderClaude(ctx.contract, payload);
  const closers = [];
  try {
    const spawner = await startSpawner('shell spawner', { cwd, command: TRIVIAL_COMMAND, inputs: { default: input } });
    closers.push(() => spawner.close());
    const sides = [{ name: 'floor', label: 'bare spawn', op: () => spawner.run('spawn', 'default', 1) }];
    let id = 1;
    for (const build of ctx.builds) {
      const sidecar = await startSidecar(`shell sidecar${build.suffix}`, config, { cwd, bin: build.bin });
      closers.push(() => sidecar.close({ bye: true }));
      await checkDispatch(sidecar, dispatchLine(0, payloadJson), 1);
      sides.push({ name: `hookwire${build.suffix}`, label: `sidecar dispatch${build.tag}`, op: () => sidecar.sequential(1, () => dispatchLine(id++, payloadJson)) });
    }
    const ops = ctx.ops(20);
    return {
      id: 'shell',
      title: 'shell dispatch',
      description: `a sidecar dispatch (sequential, id-tagged, timed by the bench: pipe round trip included) to one command hook \`${TRIVIAL_COMMAND}\` vs \`spawn('${SHELL}', ['-c', cmd])\` with the same stdin (the rendered payload, ${Buffer.byteLength(input)} B), made and timed inside bench/spawner.mjs, a small Node process like the sidecar; ${ops} ops per side per round, alternating op by op`,
      sides,
      opsPerSample: ops,
      rows: expandRows(ctx.builds, [{ label: 'shell dispatch (1 trivial command hook)', floor: 'floor', subject: 'hookwire', target: 1.3 }], ['hookwire']),
      teardown: () => Promise.all(closers.map((close) => close())),
    };
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
}
