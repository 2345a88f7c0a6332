import { expandRows } from '../lib/builds.mjs';
import { oneAgentHookConfig, oneCommandHookConfig, toolPayload } from '../lib/fixtures.mjs';
import { tinySample } from '../lib/sample.mjs';

const RESULT_SHAPES = [
  { decision: 'allow', reason: 'fine' },
  { additionalContext: 'some context' },
  {},
  { decision: 'deny', reason: 'not on main', systemMessage: 'blocked' },
  { continue: true, additionalContext: ['a', 'b'] },
];

function results(count) {
  return Array.from({ length: count }, (_, i) => RESULT_SHAPES[i % RESULT_SHAPES.length]);
}

const FOLDS = [
  [1, 1000],
  [10, 100],
  [100, 10],
];

/** in-process: `runtime.dispatch` with no matching hook and with one in-process hook (nobody subscribed: the `observed` figure has the cost with subscribers), and `fold` of 1, 10 and 100 results, in ns/op (tinybench). */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const timeMs = ctx.options.tinyTimeMs;
  const payload = toolPayload({ tool: 'Read', cwd });
  const sets = Object.fromEntries(FOLDS.map(([n]) => [n, results(n)]));
  const sides = [];
  const runtimes = [];
  for (const build of ctx.builds) {
    const { createRuntime, silentLogger } = build.runtimeLib;
    const { fold } = build.foldLib;
    const runtime = await createRuntime({ config: oneCommandHookConfig(), configDir: cwd, logger: silentLogger });
    runtimes.push(runtime);
    const check = await runtime.dispatch('PreToolUse', payload);
    if (check.runs.length !== 0) throw new Error('the no-match dispatch ran a hook');
    const oneHook = await createRuntime({ config: oneAgentHookConfig(), configDir: cwd, logger: silentLogger, proxy: () => ({ ok: true }) });
    runtimes.push(oneHook);
    const checkOne = await oneHook.dispatch('PreToolUse', payload);
    if (checkOne.runs.length !== 1 || checkOne.outcome.decision !== 'allow') throw new Error('the one-hook dispatch did not run its hook');
    const nomatch = () =>
      tinySample(
        async () => {
          for (let i = 0; i < 10; i++) await runtime.dispatch('PreToolUse', payload);
        },
        { timeMs, inner: 10 },
      );
    const onehook = () =>
      tinySample(
        async () => {
          for (let i = 0; i < 10; i++) await oneHook.dispatch('PreToolUse', payload);
        },
        { timeMs, inner: 10 },
      );
    sides.push(
      { name: `dispatch-nomatch${build.suffix}`, label: `runtime.dispatch, no matching hook${build.tag}`, sample: nomatch },
      { name: `dispatch-onehook${build.suffix}`, label: `runtime.dispatch, one in-process (proxy) hook${build.tag}`, sample: onehook },
    );
    for (const [n, inner] of FOLDS) {
      sides.push({
        name: `fold-${n}${build.suffix}`,
        label: `fold of ${n} result${n === 1 ? '' : 's'}${build.tag}`,
        sample: () =>
          tinySample(
            () => {
              for (let i = 0; i < inner; i++) fold(sets[n], { blockable: true });
            },
            { timeMs, inner },
          ),
      });
    }
  }
  const rows = [
    { label: 'in-process runtime.dispatch, no match', subject: 'dispatch-nomatch' },
    { label: 'in-process runtime.dispatch, one in-process hook', subject: 'dispatch-onehook' },
    ...FOLDS.map(([n]) => ({ label: `in-process fold of ${n} result${n === 1 ? '' : 's'}`, subject: `fold-${n}` })),
  ];
  return {
    id: 'inprocess',
    title: 'in-process',
    description: `tinybench, median latency per operation (a task runs 10 dispatches or 10–1000 folds back to back to amortise the timer); ${timeMs} ms per sample`,
    unit: 'ns/op',
    sides,
    rows: expandRows(ctx.builds, rows, ['dispatch-nomatch', 'dispatch-onehook', ...FOLDS.map(([n]) => `fold-${n}`)]),
    teardown: () => Promise.all(runtimes.map((r) => r.close())),
  };
}
