#!/usr/bin/env node
// What the gap to the floor consists of: import costs, the pieces of one request timed alone,
// the stdio server in memory (no pipes), and V8 CPU profiles of the real sidecar under load.
// Usage: node bench/profile.mjs [--only imports,cold,pieces,server,cpu] [--rounds N]
// Prints Markdown; writes bench/results/profile.json (and the .cpuprofile files under bench/results/cpu/).
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { dispatchLine, makeWorkDir, oneCommandHookConfig, removeWorkDir, renderClaude, SHELL, toolPayload, TRIVIAL_COMMAND, writeConfig } from './lib/fixtures.mjs';
import { describeMachine } from './lib/machine.mjs';
import { HOOKWIRE_BIN, importDependencyOf, importPackage, REPO_DIR, resolveDependencyOf, RESULTS_DIR, CLI_LIB } from './lib/paths.mjs';
import { killAll, startLineClient, runToClose, spawnTracked, withTimeout } from './lib/processes.mjs';
import { summarizeProfile } from './lib/cpuprofile.mjs';
import { formatMs, median } from './lib/stats.mjs';

const { values } = parseArgs({
  options: { only: { type: 'string' }, rounds: { type: 'string', default: '7' }, top: { type: 'string', default: '15' } },
});
const SECTIONS = ['imports', 'cold', 'pieces', 'server', 'cpu'];
const only = new Set(values.only ? values.only.split(',') : SECTIONS);
const ROUNDS = Math.max(1, Number(values.rounds));
const TOP = Math.max(1, Number(values.top));
const out = [];
const json = { machine: describeMachine(), startedAt: new Date().toISOString(), rounds: ROUNDS };
const say = (line = '') => {
  out.push(line);
  process.stdout.write(`${line}\n`);
};
const log = (m) => process.stderr.write(`[profile] ${m}\n`);
const us = (ms) => `${(ms * 1000).toFixed(2)} µs`;

/** Runs `fn` in a child `node --input-type=module -e` and returns what it printed as JSON. */
function childJson(code, { timeoutMs = 60_000, cwd } = {}) {
  return withTimeout(
    new Promise((resolve, reject) => {
      const child = spawnTracked(process.execPath, ['--input-type=module', '-e', code], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (t) => (stdout += t));
      child.stderr.setEncoding('utf8').on('data', (t) => (stderr += t));
      child.once('error', reject);
      child.once('close', (code) => {
        try {
          if (code !== 0) throw new Error(`exit ${code}: ${stderr.slice(-2000)}`);
          resolve(JSON.parse(stdout.trim().split('\n').pop()));
        } catch (error) {
          reject(error);
        }
      });
    }),
    timeoutMs,
    'child',
  );
}

const url = (p) => new URL(`file://${p}`).href;

async function importsSection() {
  const modules = [
    ['@hookwire/fold', join(REPO_DIR, 'packages/fold/lib/index.js')],
    ['zod (as contract resolves it)', resolveDependencyOf('contract', 'zod')],
    ['@hookwire/contract (incl. zod)', join(REPO_DIR, 'packages/contract/lib/index.js')],
    ['@hookwire/runtime (incl. contract, fold)', join(REPO_DIR, 'packages/runtime/lib/index.js')],
    ['hookwire (the CLI package) index (incl. runtime, cli, bridge)', CLI_LIB],
    ['execa 9 (as exec-shell resolves it)', resolveDependencyOf('exec-shell', 'execa')],
    ['@hookwire/exec-shell (incl. execa, contract)', join(REPO_DIR, 'packages/exec-shell/lib/index.js')],
    ['@hookwire/exec-http (incl. undici)', join(REPO_DIR, 'packages/exec-http/lib/index.js')],
  ];
  const samples = Object.fromEntries(modules.map(([name]) => [name, []]));
  samples['node -e 0 (whole process, spawn → exit)'] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? modules : [...modules].reverse();
    for (const [name, path] of order) {
      const result = await childJson(`const t = performance.now(); await import(${JSON.stringify(url(path))}); console.log(JSON.stringify({ ms: performance.now() - t }));`);
      samples[name].push(result.ms);
    }
    const t = performance.now();
    await runToClose(process.execPath, ['-e', '0']);
    samples['node -e 0 (whole process, spawn → exit)'].push(performance.now() - t);
  }
  say('## Import costs (fresh process each, median of rounds)');
  say();
  say('| module | import time |');
  say('| --- | ---: |');
  for (const [name, values] of Object.entries(samples)) say(`| ${name} | ${formatMs(median(values))} |`);
  say();
  json.imports = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, { medianMs: median(v), samples: v }]));
}

async function coldSection(workDir) {
  const config = writeConfig(workDir, 'cold.json', oneCommandHookConfig());
  const payload = toolPayload({ tool: 'Bash', cwd: workDir });
  const miss = toolPayload({ tool: 'Read', cwd: workDir });
  const code = `
    const marks = { boot: performance.now() };
    const t0 = performance.now();
    const { createRuntime, silentLogger } = await import(${JSON.stringify(url(join(REPO_DIR, 'packages/runtime/lib/index.js')))});
    marks.importRuntime = performance.now() - t0;
    const t1 = performance.now();
    await import(${JSON.stringify(url(CLI_LIB))});
    marks.importStdioServerRest = performance.now() - t1;
    const t2 = performance.now();
    const runtime = await createRuntime({ configPath: ${JSON.stringify(config)}, logger: silentLogger });
    marks.createRuntime = performance.now() - t2;
    const t3 = performance.now();
    await runtime.dispatch('PreToolUse', ${JSON.stringify(miss)});
    marks.firstDispatchNoMatch = performance.now() - t3;
    const t4 = performance.now();
    await runtime.dispatch('PreToolUse', ${JSON.stringify(payload)});
    marks.firstShellDispatch = performance.now() - t4;
    const t5 = performance.now();
    await runtime.dispatch('PreToolUse', ${JSON.stringify(payload)});
    marks.secondShellDispatch = performance.now() - t5;
    await runtime.close();
    console.log(JSON.stringify(marks));`;
  const samples = {};
  for (let r = 0; r < ROUNDS; r++) {
    const marks = await childJson(code, { cwd: workDir });
    for (const [k, v] of Object.entries(marks)) (samples[k] ??= []).push(v);
  }
  const labels = {
    boot: 'Node bootstrap until the first line of the script runs (performance.now() at entry)',
    importRuntime: 'import @hookwire/runtime (contract, zod, fold)',
    importStdioServerRest: 'import the rest of the hookwire CLI package (cli, bridge, server)',
    createRuntime: 'createRuntime({ configPath }) (read + validate the config)',
    firstDispatchNoMatch: 'first dispatch, no match',
    firstShellDispatch: 'first dispatch to a command hook (loads exec-shell + execa, spawns)',
    secondShellDispatch: 'second dispatch to the same hook (warm)',
  };
  say('## Where a cold start and a one-shot bridge spend their time (in one fresh process, median of rounds)');
  say();
  say('| step | time |');
  say('| --- | ---: |');
  for (const [k, label] of Object.entries(labels)) say(`| ${label} | ${formatMs(median(samples[k] ?? []))} |`);
  say();
  json.cold = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, { medianMs: median(v), samples: v }]));
}

/** Times `fn` over `n` calls, `rounds` times, and returns the median ms per call. */
async function timeLoop(fn, n) {
  const values = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) await fn(i);
    values.push((performance.now() - t) / n);
  }
  return median(values);
}

function timeSyncLoop(fn, n) {
  const values = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn(i);
    values.push((performance.now() - t) / n);
  }
  return median(values);
}

async function piecesSection(workDir) {
  const { createRuntime, silentLogger } = await importPackage('runtime');
  const { parseRequest } = await importPackage('stdio-server');
  const contract = await importPackage('contract');
  const runtime = await createRuntime({ config: oneCommandHookConfig(), configDir: workDir, logger: silentLogger });
  const miss = toolPayload({ tool: 'Read', cwd: workDir });
  const hit = toolPayload({ tool: 'Bash', cwd: workDir });
  const line = dispatchLine(7, JSON.stringify(miss)).trimEnd();
  const result = await runtime.dispatch('PreToolUse', miss);
  const rendered = renderClaude(contract, hit);
  const rows = [];
  const add = (label, ms) => rows.push([label, ms]);
  const N = 20_000;
  const ANSWER = '{"ok":true,"id":0,"canonical":"tool:before","outcome":{"decision":"none","continue":true,"additionalContext":[],"systemMessage":[],"downgraded":false},"runs":[]}\n';
  let sink = 0;
  add('floor: JSON.parse(line) + constant answer', timeSyncLoop(() => (sink += JSON.parse(line) ? ANSWER.length : 0), N));
  add('parseRequest(line) (JSON.parse + validation)', timeSyncLoop(() => (sink += parseRequest(line).ok ? 1 : 0), N));
  add('runtime.dispatch, no match, no signal', await timeLoop(() => runtime.dispatch('PreToolUse', miss), N));
  add('runtime.dispatch, no match, new AbortController per request (as the server does)', await timeLoop(() => runtime.dispatch('PreToolUse', miss, { signal: new AbortController().signal }), N));
  add('new AbortController()', timeSyncLoop(() => (sink += new AbortController().signal.aborted ? 1 : 0), N));
  const parent = new AbortController();
  add('AbortSignal.any([parent, child]) (for comparison)', timeSyncLoop(() => (sink += AbortSignal.any([parent.signal, new AbortController().signal]).aborted ? 1 : 0), N / 4));
  add('answer: JSON.stringify({ ok, id, ...body }) as server.ts builds it', timeSyncLoop(() => {
    const body = { ok: true, canonical: result.canonical, outcome: result.outcome, runs: result.runs };
    sink += JSON.stringify({ ok: body.ok, id: 7, ...body }).length;
  }, N));
  add('answer: JSON.stringify of a literal object (no spread)', timeSyncLoop(() => {
    sink += JSON.stringify({ ok: true, id: 7, canonical: result.canonical, outcome: result.outcome, runs: result.runs }).length;
  }, N));
  add('audit line: new Date().toISOString() + JSON.stringify', timeSyncLoop(() => {
    sink += JSON.stringify({ ts: new Date().toISOString(), id: 7, event: 'PreToolUse', canonical: result.canonical, outcome: result.outcome, runs: result.runs }).length;
  }, N));
  const { fold } = await importPackage('fold');
  add('fold([], { blockable: true })', timeSyncLoop(() => (sink += fold([], { blockable: true }).continue ? 1 : 0), N));
  add('normalizePayload (per matching dispatch)', timeSyncLoop(() => (sink += Object.keys(contract.normalizePayload('tool:before', hit, { cwd: workDir })).length), N));
  add('renderPayload claude (JSON.stringify of the payload, per dialect per dispatch)', timeSyncLoop(() => (sink += contract.renderPayload('claude', 'tool:before', contract.normalizePayload('tool:before', hit, { cwd: workDir })).length), N));
  add(`exec-shell buildEnvironment: copy process.env (${Object.keys(process.env).length} variables) as environment.ts does`, timeSyncLoop(() => {
    const base = process.env;
    const env = {};
    for (const key of Object.keys(base)) {
      const value = base[key];
      if (value !== undefined) env[key] = value;
    }
    sink += Object.keys(env).length;
  }, N / 4));
  add('exec-shell readPayloadCwd: JSON.parse(input) of the rendered payload (per hook)', timeSyncLoop(() => (sink += JSON.parse(rendered).cwd.length), N));
  const big = renderClaude(contract, toolPayload({ tool: 'Bash', cwd: workDir, contentBytes: 1024 * 1024 }));
  add('exec-shell readPayloadCwd on a 1 MiB payload (per hook)', timeSyncLoop(() => (sink += JSON.parse(big).cwd.length), 20));

  const { execa } = await importDependencyOf('exec-shell', 'execa');
  const spawnSync = [];
  const execaSync = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < 5; i++) {
      let t = performance.now();
      const child = spawn(SHELL, ['-c', TRIVIAL_COMMAND], { cwd: workDir });
      spawnSync.push(performance.now() - t);
      child.stdout.resume();
      child.stderr.resume();
      child.stdin.end(rendered);
      await new Promise((resolve) => child.once('close', resolve));
      t = performance.now();
      const sub = execa(TRIVIAL_COMMAND, { shell: true, cwd: workDir, env: { ...process.env }, extendEnv: false, detached: true, input: rendered, buffer: false, reject: false });
      execaSync.push(performance.now() - t);
      sub.stdout.resume();
      sub.stderr.resume();
      await sub;
    }
  }
  add('synchronous part of child_process.spawn() (fork/exec included)', median(spawnSync));
  add('synchronous part of execa() with exec-shell options (includes the spawn)', median(execaSync));
  await runtime.close();

  say('## The pieces of one request, timed alone in-process (median of rounds)');
  say();
  say('| piece | per call |');
  say('| --- | ---: |');
  for (const [label, ms] of rows) say(`| ${label} | ${us(ms)} |`);
  say();
  json.pieces = Object.fromEntries(rows.map(([k, v]) => [k, v]));
  if (sink === -1) log('unreachable');
}

class CountingSink extends Writable {
  constructor() {
    super();
    this.lines = 0;
    this.waiter = undefined;
  }
  _write(chunk, _encoding, callback) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.lines++;
    if (this.waiter && this.lines >= this.waiter.target) {
      const w = this.waiter;
      this.waiter = undefined;
      w.resolve();
    }
    callback();
  }
  until(target) {
    return this.lines >= target ? Promise.resolve() : new Promise((resolve) => (this.waiter = { target, resolve }));
  }
}

async function serverSection(workDir) {
  const { createRuntime, silentLogger } = await importPackage('runtime');
  const { createStdioServer } = await importPackage('stdio-server');
  const payloadJson = JSON.stringify(toolPayload({ tool: 'Read', cwd: workDir }));
  const COUNT = 20_000;
  let text = '';
  for (let i = 1; i <= COUNT; i++) text += dispatchLine(i, payloadJson);
  const chunk = Buffer.from(text);

  async function makeServer(withAudit) {
    const runtime = await createRuntime({ config: oneCommandHookConfig(), configDir: workDir, logger: silentLogger });
    const input = new PassThrough();
    const output = new CountingSink();
    const audit = withAudit ? new Writable({ write: (_c, _e, cb) => cb() }) : undefined;
    const server = createStdioServer({ runtime, input, output, logger: silentLogger, version: 'bench', ...(audit ? { audit } : {}) });
    return { runtime, input, output, server };
  }
  function makeFloor() {
    const input = new PassThrough();
    const output = new CountingSink();
    const ANSWER = '{"ok":true,"id":0,"canonical":"tool:before","outcome":{"decision":"none","continue":true,"additionalContext":[],"systemMessage":[],"downgraded":false},"runs":[]}\n';
    input.on('data', (buf) => {
      let start = 0;
      for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
        JSON.parse(buf.toString('utf8', start, nl));
        output.write(ANSWER);
        start = nl + 1;
      }
    });
    return { input, output };
  }
  const subjects = { floor: makeFloor(), server: await makeServer(false), 'server + audit': await makeServer(true) };
  const burst = {};
  const sequential = {};
  const seqLine = Buffer.from(dispatchLine(0, payloadJson));
  for (let r = 0; r < ROUNDS + 1; r++) {
    const names = r % 2 === 0 ? Object.keys(subjects) : Object.keys(subjects).reverse();
    for (const name of names) {
      const s = subjects[name];
      let t = performance.now();
      const target = s.output.lines + COUNT;
      s.input.write(chunk);
      await s.output.until(target);
      const burstMs = (performance.now() - t) / COUNT;
      t = performance.now();
      for (let i = 0; i < 2000; i++) {
        const next = s.output.lines + 1;
        s.input.write(seqLine);
        await s.output.until(next);
      }
      const seqMs = (performance.now() - t) / 2000;
      if (r === 0) continue;
      (burst[name] ??= []).push(burstMs);
      (sequential[name] ??= []).push(seqMs);
    }
  }
  for (const s of Object.values(subjects)) {
    s.input.end();
    if (s.server) {
      await s.server.done;
      await s.runtime.close();
    }
  }
  say('## The stdio server in memory (PassThrough in, counting Writable out: no process, no pipe)');
  say();
  say(`| subject | ${COUNT.toLocaleString('en')} no-match dispatches written at once, per dispatch | one at a time, per round trip |`);
  say('| --- | ---: | ---: |');
  for (const name of Object.keys(subjects)) say(`| ${name} | ${us(median(burst[name]))} | ${us(median(sequential[name]))} |`);
  say();
  json.server = { burst, sequential };
}

async function profiled(name, args, drive, cwd) {
  const dir = join(RESULTS_DIR, 'cpu', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  await drive(['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '100', ...args], cwd);
  const wallMs = performance.now() - started;
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${name}: no profile written`);
  return { ...summarizeProfile(join(dir, file), { top: TOP }), wallMs, file: join('bench/results/cpu', name, file) };
}

function reportProfile(title, summary, perOp) {
  say(`### ${title}`);
  say();
  const busy = summary.categories.filter((c) => c.category !== '(idle)' && c.category !== '(root)').reduce((s, c) => s + c.ms, 0);
  say(`Profile \`${summary.file}\`: ${summary.totalMs.toFixed(0)} ms profiled, ${busy.toFixed(0)} ms busy${perOp ? ` (${us(busy / perOp.count)} busy per ${perOp.what})` : ''}.`);
  say();
  say('| self time by category | ms | share of busy |' + (perOp ? ` per ${perOp.what} |` : ''));
  say('| --- | ---: | ---: |' + (perOp ? ' ---: |' : ''));
  for (const c of summary.categories.slice(0, TOP)) {
    if (c.category === '(idle)' || c.category === '(root)') continue;
    say(`| ${c.category} | ${c.ms.toFixed(1)} | ${((100 * c.ms) / busy).toFixed(1)}% |${perOp ? ` ${us(c.ms / perOp.count)} |` : ''}`);
  }
  say();
  say('| hottest functions (self) | where | ms | share of busy |');
  say('| --- | --- | ---: | ---: |');
  for (const f of summary.selfTop.filter((f) => f.category !== '(idle)' && f.category !== '(root)')) say(`| ${f.fn} | ${f.where} | ${f.ms.toFixed(1)} | ${((100 * f.ms) / busy).toFixed(1)}% |`);
  say();
  say('| hookwire functions (inclusive) | where | ms | share of busy |');
  say('| --- | --- | ---: | ---: |');
  for (const f of summary.hookwireInclusive) say(`| ${f.fn} | ${f.where} | ${f.ms.toFixed(1)} | ${((100 * f.ms) / busy).toFixed(1)}% |`);
  say();
  if (summary.linesTop.length > 0) {
    say('| hottest lines (self) | where | ms |');
    say('| --- | --- | ---: |');
    for (const f of summary.linesTop.filter((f) => f.where.startsWith('packages/')).slice(0, TOP)) say(`| ${f.fn} | ${f.where} | ${f.ms.toFixed(1)} |`);
    say();
  }
}

async function cpuSection(workDir) {
  const config = writeConfig(workDir, 'cpu.json', oneCommandHookConfig());
  const missJson = JSON.stringify(toolPayload({ tool: 'Read', cwd: workDir }));
  const hitPayload = toolPayload({ tool: 'Bash', cwd: workDir });
  const hitJson = JSON.stringify(hitPayload);
  const listenArgs = [HOOKWIRE_BIN, 'listen', '--config', config];
  say('## CPU profiles of the real sidecar (`node --cpu-prof`, 100 µs sampling)');
  say();
  json.cpu = {};

  const BURSTS = 3;
  const COUNT = 20_000;
  let text = '';
  for (let i = 1; i <= COUNT; i++) text += dispatchLine(i, missJson);
  const pipeline = await profiled('pipeline', listenArgs, async (args, cwd) => {
    const client = startLineClient('profiled sidecar', process.execPath, args, { cwd });
    await client.exchange(['{"op":"ping"}\n']);
    for (let b = 0; b < BURSTS; b++) await client.burst(text, COUNT);
    await client.close({ bye: true });
  }, workDir);
  reportProfile(`${BURSTS} × ${COUNT.toLocaleString('en')} pipelined no-match dispatches`, pipeline, { count: BURSTS * COUNT, what: 'dispatch' });
  json.cpu.pipeline = pipeline;

  const SEQ = 200;
  const shell = await profiled('shell', listenArgs, async (args, cwd) => {
    const client = startLineClient('profiled sidecar', process.execPath, args, { cwd });
    await client.exchange(['{"op":"ping"}\n']);
    let id = 1;
    await client.sequential(SEQ, () => dispatchLine(id++, hitJson), { timeoutMs: 300_000 });
    await client.close({ bye: true });
  }, workDir);
  reportProfile(`${SEQ} sequential dispatches to one \`${TRIVIAL_COMMAND}\` hook`, shell, { count: SEQ, what: 'dispatch' });
  json.cpu.shell = shell;

  const BIG = 20;
  const bigJson = JSON.stringify(toolPayload({ tool: 'Bash', cwd: workDir, contentBytes: 1024 * 1024 }));
  const payload = await profiled('payload', listenArgs, async (args, cwd) => {
    const client = startLineClient('profiled sidecar', process.execPath, args, { cwd });
    await client.exchange(['{"op":"ping"}\n']);
    let id = 1;
    await client.sequential(BIG, () => dispatchLine(id++, bigJson), { timeoutMs: 300_000 });
    await client.close({ bye: true });
  }, workDir);
  reportProfile(`${BIG} sequential dispatches of a 1 MiB payload to one \`${TRIVIAL_COMMAND}\` hook`, payload, { count: BIG, what: 'dispatch' });
  json.cpu.payload = payload;

  const cold = await profiled('coldstart', listenArgs, async (args, cwd) => {
    const client = startLineClient('profiled sidecar', process.execPath, args, { cwd });
    await client.exchange(['{"op":"ping"}\n']);
    await client.close({ bye: true });
  }, workDir);
  reportProfile('cold start: `hookwire listen` to the first pong, then bye', cold);
  json.cpu.coldstart = cold;

  const bridge = await profiled('bridge', [HOOKWIRE_BIN, 'run', '--config', config], async (args, cwd) => {
    const end = await runToClose(process.execPath, args, { input: `${hitJson}\n`, cwd });
    if (end.code !== 0) throw new Error(`hookwire run exited ${end.code}`);
  }, workDir);
  reportProfile('one-shot bridge: `hookwire run` with one trivial hook', bridge);
  json.cpu.bridge = bridge;
}

async function main() {
  const workDir = makeWorkDir();
  process.on('exit', () => removeWorkDir(workDir));
  say(`# hookwire profile (${json.startedAt}; Node ${json.machine.node}, ${json.machine.cpuCount} × ${json.machine.cpuModel}, load ${json.machine.loadAverageAtStart.join(' / ')})`);
  say();
  try {
    if (only.has('imports')) await importsSection();
    if (only.has('cold')) await coldSection(workDir);
    if (only.has('pieces')) await piecesSection(workDir);
    if (only.has('server')) await serverSection(workDir);
    if (only.has('cpu')) await cpuSection(workDir);
  } finally {
    killAll();
    removeWorkDir(workDir);
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'profile.json'), `${JSON.stringify(json, null, 2)}\n`);
}

main().catch((error) => {
  killAll();
  process.stderr.write(`[profile] ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
