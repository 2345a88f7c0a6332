import { dispatchLine, manyHooksConfig, oneCommandHookConfig, renderClaude, toolPayload, TRIVIAL_COMMAND, writeConfig } from '../lib/fixtures.mjs';
import { expandRows } from '../lib/builds.mjs';
import { tinySample } from '../lib/sample.mjs';
import { checkDispatch, startSidecar, startSpawner } from '../lib/sidecar.mjs';

const HOOK_COUNTS = [1, 10, 100, 1000];
const SIZES = [
  ['1k', 1024, '1 KiB'],
  ['10k', 10 * 1024, '10 KiB'],
  ['100k', 100 * 1024, '100 KiB'],
  ['1m', 1024 * 1024, '1 MiB'],
];
const FLAT = 1.25;
const LINEAR = 1.5;

/** Marginal cost per KiB between two sizes, from one round's samples. */
const slope = (small, large, kibSmall, kibLarge) => (samples) => (samples[large] - samples[small]) / (kibLarge - kibSmall);

function linearityRow(label, prefix, main) {
  return {
    label,
    floor: slope(`${prefix}1k`, `${prefix}100k`, 1, 100),
    subject: slope(`${prefix}100k`, `${prefix}1m`, 100, 1024),
    floorLabel: 'per KiB, 1→100 KiB',
    subjectLabel: 'per KiB, 100 KiB→1 MiB',
    target: LINEAR,
    targetLabel: `linear (≤ ${LINEAR}×)`,
    main,
  };
}

/** How in-process dispatch cost grows with the number of configured hooks (one of them matching, or none). */
async function createHooksInProcess(ctx) {
  const cwd = ctx.workDir;
  const timeMs = ctx.options.tinyTimeMs;
  const match = toolPayload({ tool: 'Bash', cwd });
  const miss = toolPayload({ tool: 'Read', cwd });
  const runtimes = [];
  const sides = [];
  for (const build of ctx.builds) {
    const { createRuntime, silentLogger } = build.runtimeLib;
    for (const n of HOOK_COUNTS) {
      const runtime = await createRuntime({ config: manyHooksConfig(n, 'agent'), configDir: cwd, logger: silentLogger, proxy: () => undefined });
      runtimes.push(runtime);
      const hit = await runtime.dispatch('PreToolUse', match);
      const none = await runtime.dispatch('PreToolUse', miss);
      if (hit.runs.length !== 1 || hit.runs[0].outcome.failure || none.runs.length !== 0) throw new Error(`hooks=${n}: unexpected selection ${JSON.stringify(hit.runs)}`);
      const dispatchSample = (payload) => () =>
        tinySample(
          async () => {
            for (let i = 0; i < 10; i++) await runtime.dispatch('PreToolUse', payload);
          },
          { timeMs, inner: 10 },
        );
      const plural = n === 1 ? '' : 's';
      sides.push({ name: `match-${n}${build.suffix}`, label: `${n} hook${plural}, one matches${build.tag}`, sample: dispatchSample(match) });
      sides.push({ name: `nomatch-${n}${build.suffix}`, label: `${n} hook${plural}, none matches${build.tag}`, sample: dispatchSample(miss) });
    }
  }
  const rows = HOOK_COUNTS.slice(1).flatMap((n) => [
    { label: `in-process dispatch, ${n} hooks configured, 1 matches`, floor: 'match-1', subject: `match-${n}`, target: FLAT, targetLabel: `flat (≤ ${FLAT}×)`, main: n === 1000 },
    { label: `in-process dispatch, ${n} hooks configured, none matches`, floor: 'nomatch-1', subject: `nomatch-${n}`, target: FLAT, targetLabel: `flat (≤ ${FLAT}×)`, main: n === 1000 },
  ]);
  return {
    id: 'hooks',
    group: 'scaling',
    title: 'scaling with configured hooks (in-process)',
    description: `runtime.dispatch of a PreToolUse/Bash payload with 1–1000 hooks configured, exactly one selecting it (an \`agent\` hook answered by an in-process proxy function that returns nothing, so no process is spawned and the runtime's own cost shows), or none (a Read payload); the others are on other events or carry other exact-name/regex matchers. tinybench, ${timeMs} ms per sample`,
    unit: 'ns/op',
    sides,
    rows: expandRows(ctx.builds, rows, HOOK_COUNTS.flatMap((n) => [`match-${n}`, `nomatch-${n}`])),
    teardown: async () => {
      await Promise.all(runtimes.map((r) => r.close()));
    },
  };
}

/** How a sidecar dispatch to one trivial command hook grows from 1 to 1000 configured hooks. */
async function createHooksSidecar(ctx) {
  const cwd = ctx.workDir;
  const payloadJson = JSON.stringify(toolPayload({ tool: 'Bash', cwd }));
  const sidecars = [];
  const sides = [];
  const ops = ctx.ops(10);
  let id = 1;
  try {
    for (const build of ctx.builds) {
      for (const n of [1, 1000]) {
        const config = writeConfig(cwd, `hooks-${n}.json`, manyHooksConfig(n, 'command'));
        const sidecar = await startSidecar(`hooks-${n} sidecar${build.suffix}`, config, { cwd, bin: build.bin });
        sidecars.push(sidecar);
        await checkDispatch(sidecar, dispatchLine(0, payloadJson), 1);
        sides.push({ name: `sidecar-${n}${build.suffix}`, label: `sidecar, ${n} hook${n === 1 ? '' : 's'}${build.tag}`, op: () => sidecar.sequential(1, () => dispatchLine(id++, payloadJson)) });
      }
    }
  } catch (error) {
    await Promise.allSettled(sidecars.map((s) => s.close()));
    throw error;
  }
  return {
    id: 'hooks-sidecar',
    group: 'scaling',
    title: 'scaling with configured hooks (sidecar)',
    description: `a sidecar dispatch with 1 vs 1000 hooks configured, one of them (\`${TRIVIAL_COMMAND}\`) matching; ${ops} ops per side per round, the sides taking turns op by op`,
    sides,
    opsPerSample: ops,
    rows: expandRows(
      ctx.builds,
      [{ label: 'sidecar dispatch, 1000 hooks configured, 1 matches (vs 1 hook)', floor: 'sidecar-1', subject: 'sidecar-1000', target: FLAT, targetLabel: `flat (≤ ${FLAT}×)`, main: true }],
      ['sidecar-1', 'sidecar-1000'],
    ),
    teardown: async () => {
      await Promise.all(sidecars.map((s) => s.close({ bye: true })));
    },
  };
}

function payloadsOf(cwd) {
  return Object.fromEntries(SIZES.map(([key, bytes]) => [key, toolPayload({ tool: 'Bash', cwd, contentBytes: bytes })]));
}

/** How in-process dispatch cost grows with the payload size, 1 KiB to 1 MiB. */
async function createPayloadInProcess(ctx) {
  const cwd = ctx.workDir;
  const timeMs = ctx.options.tinyTimeMs;
  const payloads = payloadsOf(cwd);
  const runtimes = [];
  const sides = [];
  for (const build of ctx.builds) {
    const { createRuntime, silentLogger } = build.runtimeLib;
    const runtime = await createRuntime({ config: manyHooksConfig(1, 'agent'), configDir: cwd, logger: silentLogger, proxy: () => undefined });
    runtimes.push(runtime);
    for (const [key, , label] of SIZES) {
      const result = await runtime.dispatch('PreToolUse', payloads[key]);
      if (result.runs.length !== 1 || result.runs[0].outcome.failure) throw new Error(`payload ${key}: unexpected runs ${JSON.stringify(result.runs)}`);
      sides.push({
        name: `in-${key}${build.suffix}`,
        label: `${label}${build.tag}`,
        sample: () =>
          tinySample(
            async () => {
              await runtime.dispatch('PreToolUse', payloads[key]);
            },
            { timeMs },
          ),
      });
    }
  }
  const rows = [
    ...SIZES.slice(1).map(([key, , label]) => ({ label: `in-process dispatch, ${label} payload (vs 1 KiB)`, floor: 'in-1k', subject: `in-${key}`, main: false })),
    linearityRow('in-process dispatch cost per KiB of payload: 100 KiB→1 MiB vs 1→100 KiB', 'in-', true),
  ];
  return {
    id: 'payload',
    group: 'scaling',
    title: 'scaling with payload size (in-process)',
    description: `runtime.dispatch of a PreToolUse/Write payload whose \`tool_input.content\` is 1 KiB–1 MiB, one matching \`agent\` hook answered in-process (the payload is normalised and rendered once); tinybench, ${timeMs} ms per sample`,
    unit: 'ns/op',
    sides,
    rows: expandRows(ctx.builds, rows, SIZES.map(([key]) => `in-${key}`)),
    teardown: () => Promise.all(runtimes.map((r) => r.close())),
  };
}

/** How a sidecar dispatch to one trivial command hook grows with the payload size, against a bare spawn with the same stdin. */
async function createPayloadSidecar(ctx) {
  const cwd = ctx.workDir;
  const payloads = payloadsOf(cwd);
  const config = writeConfig(cwd, 'payload.json', oneCommandHookConfig());
  const lines = {};
  const inputs = {};
  for (const [key] of SIZES) {
    lines[key] = JSON.stringify(payloads[key]);
    inputs[key] = renderClaude(ctx.contract, payloads[key]);
  }
  const closers = [];
  const sides = [];
  let id = 1;
  try {
    const spawner = await startSpawner('payload spawner', { cwd, command: TRIVIAL_COMMAND, inputs });
    closers.push(() => spawner.close());
    for (const [key, , label] of SIZES) sides.push({ name: `floor-${key}`, label: `bare spawn, ${label}`, op: () => spawner.run('spawn', key, 1) });
    for (const build of ctx.builds) {
      const sidecar = await startSidecar(`payload sidecar${build.suffix}`, config, { cwd, bin: build.bin });
      closers.push(() => sidecar.close({ bye: true }));
      for (const [key, , label] of SIZES) {
        await checkDispatch(sidecar, dispatchLine(0, lines[key]), 1);
        sides.push({ name: `sidecar-${key}${build.suffix}`, label: `sidecar, ${label}${build.tag}`, op: () => sidecar.sequential(1, () => dispatchLine(id++, lines[key])) });
      }
    }
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
  const ops = ctx.ops(4);
  const rows = [
    ...SIZES.map(([key, , label]) => ({ label: `sidecar dispatch, ${label} payload (vs bare spawn, same stdin)`, floor: `floor-${key}`, subject: `sidecar-${key}`, main: key === '1m' })),
    {
      label: 'sidecar dispatch, extra cost over bare spawn per KiB of payload (1 KiB→1 MiB)',
      subject: (s) => (s['sidecar-1m'] - s['floor-1m'] - (s['sidecar-1k'] - s['floor-1k'])) / 1023,
      main: false,
    },
  ];
  return {
    id: 'payload-sidecar',
    group: 'scaling',
    title: 'scaling with payload size (sidecar)',
    description: `a sidecar dispatch of a 1 KiB–1 MiB payload to one \`${TRIVIAL_COMMAND}\` hook vs a bare spawn of the hook with the same rendered stdin (made and timed inside bench/spawner.mjs); ${ops} ops per side per round, the sides taking turns op by op`,
    sides,
    opsPerSample: ops,
    rows: expandRows(ctx.builds, rows, SIZES.map(([key]) => `sidecar-${key}`)),
    teardown: () => Promise.all(closers.map((close) => close())),
  };
}

/** The scaling figures: ids `hooks`, `hooks-sidecar`, `payload`, `payload-sidecar` (group `scaling`). */
export const SCALING = [
  ['hooks', createHooksInProcess],
  ['hooks-sidecar', createHooksSidecar],
  ['payload', createPayloadInProcess],
  ['payload-sidecar', createPayloadSidecar],
];
