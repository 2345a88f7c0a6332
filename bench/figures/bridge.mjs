import { expandRows } from '../lib/builds.mjs';
import { oneCommandHookConfig, renderClaude, SHELL, toolPayload, TRIVIAL_COMMAND, writeConfig } from '../lib/fixtures.mjs';
import { BARE_BRIDGE } from '../lib/paths.mjs';
import { runToClose } from '../lib/processes.mjs';
import { startSpawner } from '../lib/sidecar.mjs';

/**
 * one-shot bridge: `hookwire run` on a Claude payload with one trivial hook vs `node -e 0` plus the
 * hook's own spawn (target ≤ 1.25×, issue 10), with bench/bare-bridge.cjs (read stdin, spawn, exit:
 * the least a Node bridge does) as a reference side, so the gap splits into Node's and hookwire's.
 */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const config = writeConfig(cwd, 'bridge.json', oneCommandHookConfig());
  const payload = toolPayload({ tool: 'Bash', cwd });
  const claudeInput = `${JSON.stringify(payload)}\n`;
  const hookInput = renderClaude(ctx.contract, payload);
  const bridgeOf = (build) => async () => {
    const started = performance.now();
    const end = await runToClose(process.execPath, [build.bin, 'run', '--config', config], { input: claudeInput, cwd });
    if (end.code !== 0) throw new Error(`hookwire run (${build.label}) exited with ${end.code} (signal ${end.signal})`);
    return performance.now() - started;
  };
  const bare = async () => {
    const started = performance.now();
    const end = await runToClose(process.execPath, [BARE_BRIDGE, TRIVIAL_COMMAND], { input: claudeInput, cwd });
    if (end.code !== 0) throw new Error(`bench/bare-bridge.cjs exited with ${end.code}`);
    return performance.now() - started;
  };
  const spawner = await startSpawner('bridge spawner', { cwd, command: TRIVIAL_COMMAND, inputs: { default: hookInput } });
  try {
    for (const build of ctx.builds) await bridgeOf(build)();
    await bare();
  } catch (error) {
    await spawner.close();
    throw error;
  }
  const floor = async () => {
    const started = performance.now();
    await runToClose(process.execPath, ['-e', '0'], { cwd });
    return performance.now() - started + (await spawner.run('spawn', 'default', 1));
  };
  const ops = ctx.ops(2);
  return {
    id: 'bridge',
    title: 'one-shot bridge',
    description: `\`hookwire run --config\` (one hook \`${TRIVIAL_COMMAND}\`) fed a Claude Code PreToolUse payload, spawn → exit, vs \`node -e 0\` (spawn → exit) plus one bare spawn of \`${SHELL} -c '${TRIVIAL_COMMAND}'\` with the rendered payload (timed inside bench/spawner.mjs); reference: \`node bench/bare-bridge.cjs\` (reads stdin, spawns the hook with it, exits); ${ops} runs per side per round, alternating`,
    sides: [
      { name: 'floor', label: 'node -e 0 + spawn', op: floor },
      { name: 'bare', label: 'bare Node bridge (bench/bare-bridge.cjs)', op: bare },
      ...ctx.builds.map((build) => ({ name: `hookwire${build.suffix}`, label: `hookwire run${build.tag}`, op: bridgeOf(build) })),
    ],
    opsPerSample: ops,
    rows: expandRows(
      ctx.builds,
      [
        { label: 'one-shot bridge (hookwire run, 1 hook)', floor: 'floor', subject: 'hookwire', target: 1.25 },
        { label: 'bare Node bridge (read stdin, spawn, exit) vs the same floor', floor: 'floor', subject: 'bare', main: false },
        { label: 'one-shot bridge vs the bare Node bridge', floor: 'bare', subject: 'hookwire', main: false },
      ],
      ['hookwire'],
    ),
    teardown: () => spawner.close(),
  };
}
