#!/usr/bin/env node
// Scores guards on the corpus: for each, the share of dangerous actions it denies or asks on
// (detection) and the share of everyday actions it denies or asks on (false positives), per
// category, with the time per action; writes REPORT.md's figures and results/*.json.
//
//   node bench/guards/score.mjs                      # every guard, every corpus file
//   node bench/guards/score.mjs --guards hookwire    # the in-process rows, plus process rows whose name
//                                                    # contains "hookwire"; the other process rows come
//                                                    # from results/answers/ when they answered every
//                                                    # action of this corpus
//   node bench/guards/score.mjs --corpus bench/guards/corpus/dev.jsonl --limit 50 --no-report
//   node bench/guards/score.mjs --heldout --guards cc-safety-net-standard,hookwire
//                                                    # the held-out corpus (heldout/heldout.jsonl): its
//                                                    # own section of REPORT.md and results/heldout/
//   node bench/guards/score.mjs --heldout-name heldout2 --guards cc-safety-net-standard,hookwire
//                                                    # another held-out corpus (heldout/heldout2.jsonl):
//                                                    # REPORT.md's heldout2 section, results/heldout2/
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createBridgeGuard } from './lib/bridge-guard.mjs';
import { createCcsnGuard } from './lib/ccsn-guard.mjs';
import { listCorpusFiles, loadCorpus, makeSandbox, substitutePaths } from './lib/corpus.mjs';
import { createHookwireRulesGuard, loadHookwireRules } from './lib/hookwire-rules-guard.mjs';
import { runToClose } from '../lib/processes.mjs';
import { mapPool } from './lib/pool.mjs';
import { renderFigures, writeFigures } from './lib/report.mjs';
import { summarizeTimes, tallyGuard } from './lib/tally.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

const { values: options } = parseArgs({
  options: {
    corpus: { type: 'string', multiple: true },
    guards: { type: 'string' },
    heldout: { type: 'boolean', default: false },
    'heldout-name': { type: 'string' },
    jobs: { type: 'string', default: '2' },
    limit: { type: 'string' },
    report: { type: 'boolean', default: true },
    'no-report': { type: 'boolean', default: false },
  },
});

// A held-out corpus is kept apart from corpus/ (which the rules are developed against) and
// reported in its own section and folder, so a dev run never mixes it in. `--heldout` is
// heldout/heldout.jsonl; `--heldout-name NAME` is heldout/NAME.jsonl, section NAME, results/NAME/.
const HELDOUT = options['heldout-name'] ?? (options.heldout ? 'heldout' : undefined);
if (HELDOUT !== undefined && !/^[\w-]+$/.test(HELDOUT)) {
  console.error(`score.mjs: --heldout-name takes a file name under heldout/ without .jsonl, not "${HELDOUT}"`);
  process.exit(2);
}
const SET = HELDOUT ?? 'figures';
const files = options.corpus ?? (HELDOUT ? [join(HERE, 'heldout', `${HELDOUT}.jsonl`)] : listCorpusFiles(join(HERE, 'corpus')));
let corpus = loadCorpus(files);
if (options.limit) corpus = corpus.slice(0, Number(options.limit));
const jobs = Math.max(1, Number(options.jobs));
const writeReport = options.report && !options['no-report'] && !options.limit;
const RESULTS_DIR = HELDOUT ? join(HERE, 'results', HELDOUT) : join(HERE, 'results');
const ANSWERS_DIR = join(RESULTS_DIR, 'answers');
// Bumped when the sandbox changes in a way that can change a guard's answers (saved answers from
// another layout are not reused). 2: the home is no longer under the system temp folder.
const SANDBOX_LAYOUT = 2;

const sandbox = makeSandbox(process.env.HOOKWIRE_GUARDS_SANDBOX ?? join(HERE, '.scratch'));
const actions = corpus.map((a) => ({ ...a, input: substitutePaths(a.input, sandbox) }));
const loaded = await loadHookwireRules();
const allGuards = [
  createCcsnGuard('standard', sandbox),
  createCcsnGuard('strict', sandbox),
  createCcsnGuard('paranoid', sandbox),
  createHookwireRulesGuard('recommended', sandbox, loaded),
  createHookwireRulesGuard('strict', sandbox, loaded),
  createBridgeGuard('recommended', sandbox),
];
const chosen = (g) => !options.guards || options.guards.split(',').some((part) => g.name.includes(part));

const rows = [];
const skipped = [];
try {
  for (const guard of allGuards) {
    // In-process rows take seconds and follow the pack as it changes: they always run. Process
    // rows take many minutes: unless chosen, they come from their last run.
    if (!chosen(guard) && guard.kind === 'process') {
      const cached = readCachedAnswers(guard);
      if (cached) {
        rows.push({ guard, tally: tallyGuard(corpus, cached), answers: cached, cached: true });
        console.log(`${guard.label}: answers from results/answers/${guard.name}.json`);
      }
      continue;
    }
    await guard.prepare?.();
    const available = guard.available();
    if (!available.ok) {
      skipped.push({ guard, why: available.why });
      console.log(`${guard.label}: skipped — ${available.why}`);
      continue;
    }
    const started = Date.now();
    let done = 0;
    const answers = await mapPool(actions, guard.kind === 'process' ? jobs : 1, async (action, index) => {
      let answer;
      try {
        answer = await guard.decide(action, index);
      } catch (error) {
        answer = { decision: 'error', reason: error.message, ms: NaN };
      }
      done += 1;
      if (done % 200 === 0) process.stderr.write(`  ${guard.name}: ${done}/${actions.length}\n`);
      return answer;
    });
    const tally = tallyGuard(corpus, answers);
    rows.push({ guard, tally, answers });
    if (writeReport && guard.kind === 'process') saveAnswers(guard, answers);
    console.log(
      `${guard.label}: detection ${(tally.detection * 100).toFixed(1)}%, false positives ${(tally.falsePositiveRate * 100).toFixed(1)}%, ` +
        `${tally.decisions.error} errors, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
} finally {
  sandbox.remove();
}

// The floor of a process row: a bare `node -e 0`, spawned the same way, two at a time, under the
// same load, so that a reader can tell a guard's own cost from Node's start.
const floorTimes = await mapPool(Array.from({ length: 40 }), jobs, async () => {
  const start = performance.now();
  await runToClose(process.execPath, ['-e', '0'], { input: '', timeoutMs: 30_000 });
  return performance.now() - start;
});

const meta = {
  nodeStartMs: summarizeTimes(floorTimes),
  date: new Date().toISOString(),
  files: files.map((f) => relative(process.cwd(), f)),
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown cpu'}`,
  jobs,
};
const figures = renderFigures({ rows, skipped, corpus, meta });
console.log(`\n${figures}`);

if (writeReport) {
  writeFigures(join(HERE, 'REPORT.md'), figures, SET);
  const results = RESULTS_DIR;
  mkdirSync(results, { recursive: true });
  const misses = Object.fromEntries(
    rows.map(({ guard, tally }) => [guard.name, { label: guard.label, misses: tally.misses, falsePositives: tally.falsePositives, errors: tally.errors }]),
  );
  writeFileSync(join(results, 'misses.json'), `${JSON.stringify({ meta, guards: misses }, null, 1)}\n`);
  const summary = rows.map(({ guard, tally }) => ({
    guard: guard.name,
    label: guard.label,
    detection: tally.detection,
    falsePositiveRate: tally.falsePositiveRate,
    dangerous: tally.dangerous,
    everyday: tally.everyday,
    decisions: tally.decisions,
    categories: tally.categories,
    timeMs: tally.times,
  }));
  writeFileSync(join(results, 'latest.json'), `${JSON.stringify({ meta, rows: summary, skipped: skipped.map((s) => ({ guard: s.guard.name, why: s.why })) }, null, 1)}\n`);
  console.log(`\nwrote ${relative(process.cwd(), join(HERE, 'REPORT.md'))}, ${relative(HERE, results)}/misses.json, ${relative(HERE, results)}/latest.json`);
}

/** What a guard's answer depends on: the tool and its input (before the sandbox paths go in). */
function keyOf(action) {
  return createHash('sha256').update(JSON.stringify([action.tool, action.input])).digest('hex').slice(0, 20);
}

/** Keeps one guard's answers so that a later run of other guards can report it without rerunning it. */
function saveAnswers(guard, answers) {
  mkdirSync(ANSWERS_DIR, { recursive: true });
  const lines = corpus.map((action, i) => ({ id: action.id, key: keyOf(action), ...answers[i] }));
  const body = { guard: guard.name, label: guard.label, sandbox: SANDBOX_LAYOUT, date: new Date().toISOString(), answers: lines };
  writeFileSync(join(ANSWERS_DIR, `${guard.name}.json`), `${JSON.stringify(body)}\n`);
}

/**
 * A guard's saved answers, if the same guard (same label, so the same version) answered every
 * action of this corpus; a line added since means a rerun, said so on stdout.
 */
function readCachedAnswers(guard) {
  const path = join(ANSWERS_DIR, `${guard.name}.json`);
  if (!existsSync(path)) return undefined;
  const saved = JSON.parse(readFileSync(path, 'utf8'));
  if (saved.label !== guard.label || saved.sandbox !== SANDBOX_LAYOUT) return undefined;
  const byKey = new Map(saved.answers.map((a) => [a.key ?? a.id, a]));
  const answers = corpus.map((a) => byKey.get(keyOf(a)) ?? byKey.get(a.id));
  const missing = answers.filter((a) => a === undefined).length;
  if (missing > 0) {
    console.log(`${guard.label}: results/answers lacks ${missing} of these actions; rerun it with --guards ${guard.name}`);
    return undefined;
  }
  return answers;
}
