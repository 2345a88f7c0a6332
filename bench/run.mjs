#!/usr/bin/env node
// hookwire's benchmark suite: every figure against its floor, interleaved round by round.
// Usage: node bench/run.mjs [--only shell,roundtrip,...] [--rounds N] ...   (all flags: --help)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { create as createBridge } from './figures/bridge.mjs';
import { create as createClaudeTurn } from './figures/claude-turn.mjs';
import { create as createColdstart } from './figures/coldstart.mjs';
import { create as createExeca } from './figures/execa.mjs';
import { create as createGeminiTurn } from './figures/gemini-turn.mjs';
import { create as createGuardTurn } from './figures/guard-turn.mjs';
import { create as createInprocess } from './figures/inprocess.mjs';
import { create as createObserved } from './figures/observed.mjs';
import { create as createPipeline } from './figures/pipeline.mjs';
import { createCpu as createReplicasCpu, createRoundtrip as createReplicasRoundtrip } from './figures/replicas.mjs';
import { create as createRoundtrip } from './figures/roundtrip.mjs';
import { createBridge as createRulesBridge, createInprocess as createRulesInprocess } from './figures/rules.mjs';
import { SCALING } from './figures/scaling.mjs';
import { createRoundtrip as createServeRoundtrip, createThroughput as createServeThroughput } from './figures/serve.mjs';
import { create as createServeBundle } from './figures/serve-bundle.mjs';
import { create as createShell } from './figures/shell.mjs';
import { create as createStatusline } from './figures/statusline.mjs';
import { create as createUi } from './figures/ui.mjs';
import { loadBuild } from './lib/builds.mjs';
import { makeWorkDir, removeWorkDir } from './lib/fixtures.mjs';
import { describeMachine } from './lib/machine.mjs';
import { REPO_DIR, REPORT_PATH, RESULTS_DIR } from './lib/paths.mjs';
import { killAll, withTimeout } from './lib/processes.mjs';
import { computeRow, renderChangeTable, renderMainTable, renderReport } from './lib/report.mjs';

const FIGURES = [
  ['shell', createShell],
  ['execa', createExeca],
  ['roundtrip', createRoundtrip],
  ['pipeline', createPipeline],
  ['coldstart', createColdstart],
  ['bridge', createBridge],
  ['inprocess', createInprocess],
  ['rules-inprocess', createRulesInprocess],
  ['rules-bridge', createRulesBridge],
  ['guard-turn', createGuardTurn],
  ['observed', createObserved],
  ['statusline', createStatusline],
  ['ui', createUi],
  ['serve-roundtrip', createServeRoundtrip],
  ['serve-throughput', createServeThroughput],
  ['serve-bundle', createServeBundle],
  ['replicas-roundtrip', createReplicasRoundtrip],
  ['replicas-cpu', createReplicasCpu],
  ['claude-turn', createClaudeTurn],
  ['gemini-turn', createGeminiTurn],
  ...SCALING,
];
const GROUPS = { scaling: SCALING.map(([id]) => id), sidecar: ['roundtrip', 'pipeline', 'coldstart'], process: ['shell', 'execa', 'bridge'], serve: ['serve-roundtrip', 'serve-throughput', 'serve-bundle', 'replicas-roundtrip', 'replicas-cpu', 'claude-turn'], replicas: ['replicas-roundtrip', 'replicas-cpu'], rules: ['rules-inprocess', 'rules-bridge', 'guard-turn'] };

const USAGE = `node bench/run.mjs [options]
  --only LIST       comma-separated figure ids or groups (default: all)
                    figures: ${FIGURES.map(([id]) => id).join(', ')}
                    groups:  ${Object.entries(GROUPS).map(([g, ids]) => `${g} (${ids.join(', ')})`).join('; ')}
  --rounds N        interleaved rounds (default 10; fewer is a quick run, not a measurement)
  --quick           smoke test of every figure in seconds (CI): 2 rounds, a tenth of the operations,
                    2,000 in flight, 10 ms tinybench samples, no report (explicit flags still win)
  --scale F         multiply the operations per sample (default 1)
  --pipeline N      dispatches in flight in the pipelined figure (default 20000)
  --tiny-time MS    tinybench time per in-process sample (default 100)
  --sample-timeout MS  give up a figure whose sample takes longer (default 120000)
  --compare DIR     also measure the built checkout DIR (e.g. a worktree of the commit before a
                    change) as extra sides of every hookwire figure, interleaved with the rest
  --compare-label L how the report names it (default: before)
  --note TEXT       a line for the report's header (what was measured, and why)
  --report          write bench/REPORT.md even for a subset (a full run always writes it)
  --no-report       do not write bench/REPORT.md
  --list            print the figure ids and exit
Always writes bench/results/latest.json.`;

const DEFAULTS = { rounds: '10', scale: '1', pipeline: '20000', 'tiny-time': '100' };
const QUICK_DEFAULTS = { rounds: '2', scale: '0.1', pipeline: '2000', 'tiny-time': '10' };

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      quick: { type: 'boolean' },
      rounds: { type: 'string' },
      scale: { type: 'string' },
      pipeline: { type: 'string' },
      'tiny-time': { type: 'string' },
      'sample-timeout': { type: 'string', default: '120000' },
      compare: { type: 'string' },
      'compare-label': { type: 'string', default: 'before' },
      note: { type: 'string' },
      report: { type: 'boolean' },
      'no-report': { type: 'boolean' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const quick = values.quick === true;
  const defaults = quick ? QUICK_DEFAULTS : DEFAULTS;
  const number = (flag, min) => {
    const n = Number(values[flag] ?? defaults[flag]);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${flag} must be a number ≥ ${min}, received ${JSON.stringify(values[flag])}`);
    return n;
  };
  const only = values.only === undefined ? undefined : values.only.split(',').map((s) => s.trim()).filter(Boolean);
  const known = new Set([...FIGURES.map(([id]) => id), ...Object.keys(GROUPS)]);
  for (const name of only ?? []) if (!known.has(name)) throw new Error(`--only: unknown figure or group ${JSON.stringify(name)}; known: ${[...known].join(', ')}`);
  return {
    help: values.help === true,
    quick,
    list: values.list === true,
    only,
    rounds: Math.floor(number('rounds', 1)),
    scale: number('scale', 0.01),
    pipeline: Math.floor(number('pipeline', 1)),
    tinyTimeMs: number('tiny-time', 10),
    sampleTimeoutMs: number('sample-timeout', 1000),
    compare: values.compare,
    compareLabel: values['compare-label'],
    note: values.note,
    writeReport: values['no-report'] || (quick && values.report !== true) ? false : values.report === true || only === undefined,
  };
}

/**
 * One round of a figure: every side sampled once. Sides with \`sample()\` are sampled one after the
 * other, floor first in even rounds and last in odd ones. Figures with \`opsPerSample\` and sides
 * with \`op()\` (one operation, resolving its milliseconds) are interleaved operation by operation,
 * the order rotating each time, so that noise lasting longer than one operation hits every side alike.
 * An \`op()\` may resolve an object of values by side name instead, to fill sides without an \`op\`
 * of their own (a second measure of the same operation).
 */
async function sampleRound(figure, round, opsOverride) {
  const { sides } = figure;
  const values = {};
  if (figure.opsPerSample === undefined) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) values[side.name] = await side.sample();
    return values;
  }
  const ops = opsOverride ?? figure.opsPerSample;
  const active = sides.filter((side) => side.op !== undefined);
  for (const side of sides) values[side.name] = 0;
  for (let i = 0; i < ops; i++) {
    const k = (round * ops + i) % active.length;
    const order = [...active.slice(k), ...active.slice(0, k)];
    for (const side of order) {
      const result = await side.op();
      if (typeof result === 'number') values[side.name] += result;
      else for (const [name, value] of Object.entries(result)) values[name] += value;
    }
  }
  for (const side of sides) values[side.name] /= ops;
  return values;
}

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

/** The measured checkout and its commit (read-only git queries). */
function describeCheckout() {
  const git = (...args) => {
    try {
      return execFileSync('git', ['-C', REPO_DIR, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
    } catch {
      return undefined;
    }
  };
  const status = git('status', '--porcelain', '--untracked-files=no');
  return { dir: process.env.HOOKWIRE_BENCH_REPO ? REPO_DIR : undefined, commit: git('rev-parse', '--short', 'HEAD') ?? 'unknown (not a git checkout)', modifiedFiles: status === undefined ? undefined : status.split('\n').filter(Boolean).length };
}

async function main() {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (options.list) {
    process.stdout.write(`${FIGURES.map(([id]) => id).join('\n')}\n`);
    return 0;
  }
  const selected = new Set(options.only === undefined ? FIGURES.map(([id]) => id) : options.only.flatMap((name) => GROUPS[name] ?? [name]));
  const startedAt = new Date();
  const started = performance.now();
  const machine = describeMachine();
  log(`node ${machine.node}, ${machine.cpuCount} × ${machine.cpuModel}, load ${machine.loadAverageAtStart.join(' ')}; ${options.rounds} rounds; figures: ${[...selected].join(', ')}`);

  const builds = [await loadBuild('hookwire', 'hookwire', REPO_DIR)];
  if (options.compare !== undefined) builds.push(await loadBuild('compare', options.compareLabel, options.compare));
  for (const build of builds) build.tag = builds.length > 1 ? ` (${build.label})` : '';
  const workDir = makeWorkDir();
  const removeOnExit = () => removeWorkDir(workDir);
  process.on('exit', removeOnExit);
  const ctx = {
    workDir,
    options,
    log,
    ops: (n) => Math.max(1, Math.round(n * options.scale)),
    builds,
    contract: builds[0].contract,
  };

  const figures = [];
  const failed = [];
  const skipped = [];
  try {
    for (const [id, create] of FIGURES) {
      if (!selected.has(id)) continue;
      log(`setting up ${id}`);
      try {
        const figure = await withTimeout(create(ctx), options.sampleTimeoutMs, `setting up ${id}`);
        // A figure that needs what this machine lacks (a Debian package) says so and is left out; it is not a failure.
        if (figure.skipped !== undefined) {
          log(`${id}: ${figure.skipped}`);
          skipped.push(figure);
          continue;
        }
        figure.samples = Object.fromEntries(figure.sides.map((s) => [s.name, []]));
        figures.push(figure);
      } catch (error) {
        log(`${id}: setup failed: ${error.stack ?? error}`);
        failed.push({ id, title: id, error: String(error.stack ?? error) });
      }
    }

    const bounded = (promise, what) => withTimeout(promise, options.sampleTimeoutMs, what);
    for (const figure of figures) {
      try {
        await bounded(sampleRound(figure, 0, 1), `${figure.id} warm-up`);
      } catch (error) {
        figure.error = String(error.stack ?? error);
        log(`${figure.id}: warm-up failed: ${figure.error}`);
      }
    }
    for (let round = 0; round < options.rounds; round++) {
      const roundStarted = performance.now();
      for (const figure of figures) {
        if (figure.error) continue;
        try {
          const values = await bounded(sampleRound(figure, round), `${figure.id} round ${round + 1}`);
          for (const side of figure.sides) figure.samples[side.name].push(values[side.name]);
        } catch (error) {
          figure.error = String(error.stack ?? error);
          log(`${figure.id}: round ${round + 1} failed: ${figure.error}`);
        }
      }
      log(`round ${round + 1}/${options.rounds} done in ${((performance.now() - roundStarted) / 1000).toFixed(1)} s`);
    }
  } finally {
    for (const figure of figures) {
      try {
        await withTimeout(Promise.resolve().then(() => figure.teardown?.()), 30_000, `tearing down ${figure.id}`);
      } catch (error) {
        log(`${figure.id}: teardown: ${error.message}`);
      }
    }
    killAll();
    removeWorkDir(workDir);
    process.off('exit', removeOnExit);
  }

  const results = {
    argv,
    note: options.note,
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - started,
    machine,
    checkout: describeCheckout(),
    compare: options.compare === undefined ? undefined : { dir: builds[1].dir, label: options.compareLabel },
    loadAverageAtEnd: os.loadavg().map((l) => Number(l.toFixed(2))),
    options: { ...options, only: options.only ?? null },
    subset: options.only !== undefined,
    figures: [
      ...figures.map((figure) => {
        const rounds = Math.min(...figure.sides.map((s) => figure.samples[s.name].length));
        const complete = rounds > 0;
        return {
          id: figure.id,
          group: figure.group,
          title: figure.title,
          description: figure.description,
          unit: figure.unit,
          error: complete ? undefined : (figure.error ?? 'no samples'),
          partialError: complete ? figure.error : undefined,
          sides: figure.sides.map(({ name, label }) => ({ name, label })),
          samples: figure.samples,
          rows: complete ? figure.rows.map((row) => computeRow(figure, row)) : [],
        };
      }),
      ...failed.map(({ id, title, error }) => ({ id, title, error, sides: [], samples: {}, rows: [] })),
      ...skipped.map(({ id, group, title, skipped: why }) => ({ id, group, title, skipped: why, sides: [], samples: {}, rows: [] })),
    ],
  };

  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  if (options.writeReport) writeFileSync(REPORT_PATH, renderReport(results));
  process.stdout.write(`\n${renderMainTable(results)}\n\n`);
  if (results.compare) process.stdout.write(`Against ${results.compare.label}:\n\n${renderChangeTable(results)}\n\n`);
  log(`done in ${(results.durationMs / 1000).toFixed(0)} s; wrote bench/results/latest.json${options.writeReport ? ' and bench/REPORT.md' : ''}`);
  return results.figures.some((f) => f.error) ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    killAll();
    process.stderr.write(`[bench] ${error.stack ?? error}\n`);
    process.exitCode = 2;
  },
);
