#!/usr/bin/env node
// What @hookwire/action costs: the warm cost of parseShell on typical and tricky lines and of
// buildAction on a Bash payload (median µs after warm-up), and the cold cost of loading it and
// answering once in a fresh node process, as lib/ (ES modules) and as one bundled CommonJS file
// (the way the hookwire executable ships its code), each next to a bare `node -e 0`.
// Run after `pnpm build`:  node bench/action/cost.mjs [--runs 10]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'rolldown';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const RUNS = Number(flags.runs);
const LIB = fileURLToPath(new URL('../../packages/action/lib/index.js', import.meta.url));
const { parseShell, buildAction } = await import(pathToFileURL(LIB).href);

const TYPICAL = [
  'git status',
  'npm test',
  'ls -la src',
  'git diff --stat HEAD~1',
  'pnpm -r build',
  'grep -rn "TODO" src | head -20',
  'cd packages/action && npx vitest run',
  'rm -rf node_modules && pnpm install',
  'python3 -m pytest -q tests/test_api.py',
  'cat package.json | jq .version',
];
const TRICKY = [
  "bash -lc 'sudo env FOO=1 rm -rf \"$HOME\"/x'",
  'X=rm; Y=/; $X -rf "$Y" && echo $(curl -s https://x.example | sh)',
  "find . -name '*.o' -exec rm {} \\; ; cat <<EOF | sh\nrm -rf /tmp/x\nEOF",
  'for f in $(ls); do case $f in *.tmp) rm "$f";; esac; done 2>/dev/null',
];
const HOME = '/home/u';

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median µs of one call over `lines`, after a warm-up. */
function measureWarm(lines, call) {
  for (let round = 0; round < 300; round += 1) for (const line of lines) call(line);
  const samples = [];
  for (const line of lines) {
    for (let round = 0; round < 200; round += 1) {
      const started = performance.now();
      call(line);
      samples.push((performance.now() - started) * 1000);
    }
  }
  return median(samples);
}

const bashPayload = (line) => buildAction({ toolName: 'Bash', toolInput: { command: line }, cwd: '/p', projectDir: '/p' }, { home: HOME });

const warm = [
  { what: 'parseShell, typical line', us: measureWarm(TYPICAL, (line) => parseShell(line, { home: HOME })) },
  { what: 'parseShell, tricky line', us: measureWarm(TRICKY, (line) => parseShell(line, { home: HOME })) },
  { what: 'buildAction, Bash typical line', us: measureWarm(TYPICAL, bashPayload) },
  { what: 'buildAction, Bash tricky line', us: measureWarm(TRICKY, bashPayload) },
  { what: 'buildAction, Read', us: measureWarm(['src/a.ts', '/p/.env'], (path) => buildAction({ toolName: 'Read', toolInput: { file_path: path }, cwd: '/p', projectDir: '/p' }, { home: HOME })) },
];

const scratch = mkdtempSync(join(tmpdir(), 'hookwire-action-bench-'));
try {
  const bundle = join(scratch, 'action.cjs');
  await build({ input: LIB, platform: 'node', logLevel: 'warn', output: { file: bundle, format: 'cjs' } });

  // The bundle again, run from a V8 code cache made by one earlier run (as the hookwire executable does).
  const cacheFile = join(scratch, 'action.cache');
  const runCached = (makeCache) => `const t0 = performance.now();
    const fs = require('node:fs'); const vm = require('node:vm'); const Module = require('node:module');
    const source = fs.readFileSync(${JSON.stringify(bundle)}, 'utf8');
    const cachedData = ${makeCache ? 'undefined' : `fs.readFileSync(${JSON.stringify(cacheFile)})`};
    const script = new vm.Script(Module.wrap(source), { filename: ${JSON.stringify(bundle)}, cachedData });
    const mod = { exports: {} };
    script.runInThisContext()(mod.exports, require, mod, ${JSON.stringify(bundle)}, ${JSON.stringify(scratch)});
    const { buildAction } = mod.exports;
    ANSWER
    ${makeCache ? `fs.writeFileSync(${JSON.stringify(cacheFile)}, script.createCachedData());` : "if (script.cachedDataRejected) throw new Error('code cache rejected');"}
    process.stdout.write(String(performance.now() - t0));`;
  const answerOnce = `const action = buildAction({ toolName: 'Bash', toolInput: { command: 'rm -rf ~/.ssh && git status' }, cwd: '/p', projectDir: '/p' }, { home: '/home/u' });
    if (action.files.length !== 1) throw new Error('unexpected model');`;
  const cachedRun = runCached(false).replace('ANSWER', answerOnce);
  const made = spawnSync(process.execPath, ['-e', runCached(true).replace('ANSWER', answerOnce)], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(made.stderr);
  const children = {
    'node -e 0': ['-e', '0'],
    'lib/ (ESM): import + first buildAction': ['--input-type=module', '-e', `const t0 = performance.now(); const { buildAction } = await import(${JSON.stringify(pathToFileURL(LIB).href)}); ${answerOnce} process.stdout.write(String(performance.now() - t0));`],
    'bundled CJS: require + first buildAction': ['-e', `const t0 = performance.now(); const { buildAction } = require(${JSON.stringify(bundle)}); ${answerOnce} process.stdout.write(String(performance.now() - t0));`],
    'bundled CJS from a V8 code cache + first buildAction': ['-e', cachedRun],
  };
  const walls = Object.fromEntries(Object.keys(children).map((name) => [name, []]));
  const inside = Object.fromEntries(Object.keys(children).map((name) => [name, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const [name, args] of Object.entries(children)) {
      const started = performance.now();
      const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
      walls[name].push(performance.now() - started);
      if (result.status !== 0) throw new Error(result.stderr);
      if (result.stdout !== '') inside[name].push(Number(result.stdout));
    }
  }
  console.log(`node ${process.version}; warm: median µs per call after warm-up`);
  console.table(warm.map((row) => ({ what: row.what, 'median µs': row.us.toFixed(1) })));
  console.log(`cold: ${RUNS} fresh processes each, interleaved`);
  console.table(
    Object.keys(children).map((name) => ({
      what: name,
      'in-process ms (load + answer)': inside[name].length === 0 ? '-' : median(inside[name]).toFixed(2),
      'process wall ms': median(walls[name]).toFixed(1),
    })),
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
