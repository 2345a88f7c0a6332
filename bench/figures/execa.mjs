import { renderClaude, SHELL, toolPayload, TRIVIAL_COMMAND } from '../lib/fixtures.mjs';
import { startSpawner } from '../lib/sidecar.mjs';

const VARIANTS = [
  ['spawn', 'spawn (floor)'],
  ['spawn-detached', 'spawn, detached: true'],
  ['execa', "execa 9, bare: execa(sh, ['-c', cmd], { input })"],
  ['execa-buffer-false', 'execa + buffer: false (streams drained by hand)'],
  ['execa-strip-false', 'execa + stripFinalNewline: false'],
  ['execa-encoding-buffer', "execa + encoding: 'buffer'"],
  ['execa-detached', 'execa + detached: true'],
  ['execa-cleanup-false', 'execa + cleanup: false'],
  ['execa-reject-false', 'execa + reject: false'],
  ['execa-env', 'execa + env: {...process.env, 3 vars}, extendEnv: false'],
  ['execa-stdin-by-hand', 'execa, stdin written by hand instead of input'],
  ['execa-shell-true', 'execa(cmd, { shell: true, input })'],
  ['execa-as-exec-shell', 'execa with the option set exec-shell uses'],
  ['exec-shell', 'exec-shell executor run() (in-process)'],
];

/**
 * execa's own cost on the shell path: a bare execa 9 call vs a bare spawn of the same command with
 * the same stdin, and which options and stream handling cost what — all made and timed inside
 * bench/spawner.mjs (one small Node process, so every variant forks the same address space).
 */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const input = renderClaude(ctx.contract, toolPayload({ tool: 'Bash', cwd }));
  const spawner = await startSpawner('execa spawner', { cwd, command: TRIVIAL_COMMAND, inputs: { default: input } });
  for (const [variant] of VARIANTS) await spawner.run(variant, 'default', 1);
  const ops = ctx.ops(8);
  return {
    id: 'execa',
    title: 'execa cost on the shell path',
    alsoLabel: 'bare execa',
    description: `\`${SHELL} -c '${TRIVIAL_COMMAND}'\` with the rendered payload (${Buffer.byteLength(input)} B) on stdin, run and timed inside bench/spawner.mjs; each execa variant changes one thing from \`execa(sh, ['-c', cmd], { input })\` unless its label says otherwise; ${ops} ops per variant per round, the variants taking turns op by op. Each run is measured twice: wall clock (spawn → exit and closed pipes) and the CPU time (user + system) the spawning process spent on it, which includes the fork but not the wait, and is far less sensitive to other processes`,
    sides: [
      ...VARIANTS.map(([name, label]) => ({
        name,
        label,
        op: async () => {
          const { ms, cpuMs } = await spawner.measure(name, 'default', 1);
          return { [name]: ms, [`${name}:cpu`]: cpuMs };
        },
      })),
      ...VARIANTS.map(([name, label]) => ({ name: `${name}:cpu`, label: `${label} — spawner CPU time` })),
    ],
    opsPerSample: ops,
    rows: [
      ...VARIANTS.slice(1).map(([name, label]) => ({
        label,
        floor: 'spawn',
        subject: name,
        ...(name.startsWith('execa-') ? { also: 'execa' } : {}),
        main: name === 'execa',
      })),
      ...VARIANTS.slice(1).map(([name, label]) => ({
        label: `${label} — CPU time of the spawning process`,
        floor: 'spawn:cpu',
        subject: `${name}:cpu`,
        ...(name.startsWith('execa-') ? { also: 'execa:cpu' } : {}),
        main: name === 'execa',
      })),
    ],
    teardown: () => spawner.close(),
  };
}
