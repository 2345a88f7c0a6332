#!/usr/bin/env node
// The one-shot bridge with the rule pack against the bridge with an empty config, counted in
// instructions (valgrind's callgrind), which do not depend on the load of a shared machine as wall
// and CPU time do. For each build (this checkout, and `--compare DIR`, a built checkout of another
// commit) and each Bash line: `hookwire run --config` with `{ hooks: [] }` and with the config
// `hookwire init` writes, fed a Claude Code PreToolUse payload; the ratio is pack / empty.
//
//   node bench/rules/callgrind.mjs [--compare ../hookwire-main] [--keep-env]
//
// NODE_EXTRA_CA_CERTS is removed from the children's environment unless --keep-env: Node reads
// and parses those certificates at start (about 420 M instructions with the bundle this VM sets,
// three times a bare run's), which would hide the pack's cost in a floor no user of a plain
// machine pays. Needs valgrind; a run takes about 10 s per cell.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_DIR } from '../lib/paths.mjs';

const { values } = parseArgs({ options: { compare: { type: 'string' }, 'keep-env': { type: 'boolean', default: false } } });
const LINES = ['npm test -- --run && git diff --stat', 'cat src/index.ts | head -20', 'rm -rf node_modules dist'];
const PACK = { hooks: [{ id: 'recommended', type: 'rule', pack: 'hookwire:recommended', onError: 'block' }] };

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('bench/rules/callgrind.mjs: valgrind is not installed');
  process.exit(2);
}
const builds = [['this checkout', REPO_DIR], ...(values.compare ? [[values.compare, resolve(values.compare)]] : [])];
const work = mkdtempSync(join(tmpdir(), 'hookwire-callgrind-'));
const env = { ...process.env, CLAUDE_PROJECT_DIR: work };
if (!values['keep-env']) delete env.NODE_EXTRA_CA_CERTS;
writeFileSync(join(work, 'empty.json'), JSON.stringify({ hooks: [] }));
writeFileSync(join(work, 'pack.json'), JSON.stringify(PACK));

/** Instructions of one `hookwire run`. */
function count(bin, config, line) {
  const out = join(work, 'callgrind.out');
  const payload = { session_id: 'bench', transcript_path: join(work, 't.jsonl'), cwd: work, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: line } };
  const run = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, bin, 'run', '--config', join(work, config)], {
    cwd: work, env, input: `${JSON.stringify(payload)}\n`, encoding: 'utf8', maxBuffer: 64 << 20,
  });
  if (run.status !== 0) throw new Error(`hookwire run (${bin}, ${config}) exited with ${run.status}: ${run.stderr.slice(-500)}`);
  const totals = /^(?:summary|totals):\s+(\d+)/m.exec(readFileSync(out, 'utf8'));
  if (totals === null) throw new Error(`no instruction total in ${out}`);
  return Number(totals[1]);
}

const rows = [];
try {
  for (const [label, dir] of builds) {
    const bin = join(dir, 'packages/hookwire/dist/hookwire.cjs');
    for (const line of LINES) {
      const empty = count(bin, 'empty.json', line);
      const pack = count(bin, 'pack.json', line);
      rows.push({ label, line, empty, pack });
      process.stderr.write(`${label}: ${line}: ${(pack / empty).toFixed(2)}×\n`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const m = (n) => `${(n / 1e6).toFixed(1)} M`;
console.log(`NODE_EXTRA_CA_CERTS ${values['keep-env'] ? 'kept' : 'removed'}; Node ${process.version}\n`);
console.log('| build | Bash line | empty config | hookwire:recommended | pack / empty |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const r of rows) console.log(`| ${r.label} | \`${r.line.replaceAll("|", "\\|")}\` | ${m(r.empty)} | ${m(r.pack)} | ${(r.pack / r.empty).toFixed(2)}× |`);
