#!/usr/bin/env node
// The hookwire soak: drives one `hookwire listen` sidecar with tens of thousands of dispatches,
// 32 in flight, mixing every handler kind (shell, webhook, LLM judge, proxy agent) with about 10%
// injected faults (hangs, TERM-ignoring hangs, crashes, 5xx, prose, cancels), while the config is
// reloaded every few hundred milliseconds and a broken config is offered now and then. Beside it,
// a `hookwire serve` on the same config takes the same mix from clients that pipeline several
// dispatches on one connection, some of which half-close after sending or drop the connection
// before their answers. It checks
// every answer, counts answers lost or duplicated, looks for processes of timed-out or canceled
// hooks left alive, and samples the sidecar's file descriptors and RSS after the warm-up and at the
// end. Writes a Markdown report; exits 1 when an invariant fails.
//
//   node scripts/soak.mjs [--dispatches 20000] [--warmup 1000] [--concurrency 32]
//                         [--reload-ms 300] [--seed 1] [--report docs/soak-report.md]
//                         [--sidecar-node-flags="--max-semi-space-size=16 ..."] [--serve-clients 4]
//
// Needs the packages built (`pnpm build`). Everything runs on 127.0.0.1; nothing leaves the machine.

import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LineClient, removeTempDirs, tempDir } from '@hookwire/test-utils';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOOKWIRE = join(ROOT, 'packages/stdio-server/lib/index.js');
const { values: flags } = parseArgs({
  options: {
    dispatches: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '32' },
    'reload-ms': { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
    report: { type: 'string', default: join(ROOT, 'docs/soak-report.md') },
    'deadline-s': { type: 'string', default: '900' },
    'sidecar-node-flags': { type: 'string', default: '' },
    'serve-clients': { type: 'string', default: '4' },
  },
});
const MEASURED = Number(flags.dispatches);
const WARMUP = Number(flags.warmup);
const CONCURRENCY = Number(flags.concurrency);
const RELOAD_MS = Number(flags['reload-ms']);
const DEADLINE_MS = Number(flags['deadline-s']) * 1000;
const MAX_RSS_GROWTH_KIB = 20 * 1024;

if (!existsSync(HOOKWIRE)) {
  console.error(`soak: ${relative(process.cwd(), HOOKWIRE)} is missing; run \`pnpm build\` first`);
  process.exit(2);
}

/** A small seeded PRNG (mulberry32), so a run's mix can be replayed. */
function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = createRandom(Number(flags.seed));

const TOKEN = `soak${randomBytes(6).toString('hex')}`;
const dir = await tempDir('hookwire-soak-');
const PIDS = join(dir, 'hung.pids');
const CONFIG = join(dir, 'hookwire.json');

// ---------------------------------------------------------------------------------------------
// The local endpoints: webhooks and an OpenAI-compatible judge, on one server.

const hanging = new Set();
const server = createServer((request, response) => {
  const parts = [];
  request.on('data', (chunk) => parts.push(chunk));
  request.on('end', () => {
    const url = request.url ?? '';
    if (url === '/hook/allow') return void response.end('{}');
    if (url === '/hook/deny') return void response.end('{"decision":"block","reason":"web says no"}');
    if (url === '/hook/500') return void response.writeHead(500).end('upstream broke');
    if (url === '/hook/hang') return void hold(response);
    if (url === '/v1/chat/completions') {
      let model = '';
      try {
        model = JSON.parse(Buffer.concat(parts).toString('utf8')).model;
      } catch {}
      const answer = (content) => response.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
      if (model === 'ok') return void answer('{"ok":true}');
      if (model === 'deny') return void answer('```json\n{"ok":false,"reason":"judge says no"}\n```');
      if (model === 'prose') return void answer('That looks fine to me.');
      if (model === '500') return void response.writeHead(500).end('{"error":{"message":"overloaded"}}');
      if (model === 'hang') return void hold(response);
    }
    response.writeHead(404).end();
  });
});
/** Each connection to the endpoints, with how many of its requests are still being answered. */
const connections = new Map();
server.on('connection', (socket) => {
  connections.set(socket, 0);
  socket.on('close', () => connections.delete(socket));
});
server.on('request', (request, response) => {
  connections.set(request.socket, (connections.get(request.socket) ?? 0) + 1);
  response.on('close', () => connections.has(request.socket) && connections.set(request.socket, connections.get(request.socket) - 1));
});
/** Drops every connection answering nothing, as a server's idle timeout would, including ones that never carried a request. */
function dropIdleConnections() {
  for (const [socket, open] of connections) if (open === 0) socket.destroy();
}
function hold(response) {
  hanging.add(response);
  response.on('close', () => hanging.delete(response));
}
server.keepAliveTimeout = 1000;
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const BASE = `http://127.0.0.1:${server.address().port}`;

// ---------------------------------------------------------------------------------------------
// The mix: each kind is one hook, selected by its subject (the tool name).

const hang = (marker) => `: ${TOKEN}; sleep ${marker} & echo $! >> '${PIDS}'; echo $$ >> '${PIDS}'; wait`;
const command = (text, extra = {}) => ({ type: 'command', command: `: ${TOKEN}; ${text}`, ...extra });
const http = (path, extra = {}) => ({ type: 'http', url: `${BASE}${path}`, ...extra });
const judge = (model, extra = {}) => ({ type: 'prompt', prompt: 'Is this tool call safe? $ARGUMENTS', model, ...extra });
const agent = (name, extra = {}) => ({ type: 'agent', name, prompt: 'Check the call', ...extra });

// Hang markers: distinctive sleep durations, so survivors can be found by command line alone.
const MARK = { shell: '30.1357', ignoreTerm: '30.2468', cancel: '30.3579', agent: '30.4680' };

const NORMAL = [
  { kind: 'ShAllow', group: 'shell', weight: 10, hook: command('true'), expect: 'none' },
  { kind: 'ShDeny', group: 'shell', weight: 8, hook: command('echo no >&2; exit 2'), expect: 'deny' },
  { kind: 'ShJson', group: 'shell', weight: 8, hook: command(`printf '{"decision":"approve"}'`), expect: 'allow' },
  { kind: 'WebAllow', group: 'webhook', weight: 14, hook: http('/hook/allow'), expect: 'none' },
  { kind: 'WebDeny', group: 'webhook', weight: 12, hook: http('/hook/deny'), expect: 'deny' },
  { kind: 'LlmOk', group: 'oracle', weight: 12, hook: judge('ok'), expect: 'allow' },
  { kind: 'LlmDeny', group: 'oracle', weight: 10, hook: judge('deny'), expect: 'deny' },
  { kind: 'AgentOk', group: 'proxy', weight: 9, hook: agent('ok'), expect: 'allow' },
  { kind: 'AgentDeny', group: 'proxy', weight: 7, hook: agent('deny'), expect: 'deny' },
];
const FAULTS = [
  { kind: 'FaultShHang', hook: command(hang(MARK.shell), { timeout: 0.5, onError: 'block' }), expect: 'deny', failure: 'timeout', hung: true },
  { kind: 'FaultShIgnoreTerm', hook: command(`trap '' TERM; ${hang(MARK.ignoreTerm)}`, { timeout: 0.4, onError: 'block' }), expect: 'deny', failure: 'timeout', hung: true },
  { kind: 'FaultShExit1', hook: command('echo broke >&2; exit 1', { onError: 'block' }), expect: 'none' },
  { kind: 'FaultShKilled', hook: command('kill -9 $$', { onError: 'warn' }), expect: 'none', failure: 'spawn' },
  { kind: 'FaultShNoCwd', hook: command('true', { onError: 'block' }), expect: 'deny', failure: 'spawn', cwd: '/nonexistent/hookwire-soak' },
  { kind: 'FaultWeb500', hook: http('/hook/500', { onError: 'ignore' }), expect: 'none', failure: 'http' },
  { kind: 'FaultWebHang', hook: http('/hook/hang', { timeout: 0.5, onError: 'block' }), expect: 'deny', failure: 'timeout' },
  { kind: 'FaultLlmProse', hook: judge('prose', { onError: 'warn' }), expect: 'none', failure: 'parse' },
  { kind: 'FaultLlm500', hook: judge('500', { onError: 'block' }), expect: 'deny', failure: 'http' },
  { kind: 'FaultLlmHang', hook: judge('hang', { timeout: 0.6, onError: 'warn' }), expect: 'none', failure: 'timeout' },
  { kind: 'FaultAgentHang', hook: agent('hang', { timeout: 0.5, onError: 'block' }), expect: 'deny', failure: 'timeout', hung: true },
  { kind: 'FaultCancel', hook: command(hang(MARK.cancel)), expect: 'canceled', hung: true, cancel: true },
].map((fault, _i, all) => ({ ...fault, group: 'fault', weight: 10 / all.length }));
const KINDS = [...NORMAL, ...FAULTS];
const TOTAL_WEIGHT = KINDS.reduce((sum, kind) => sum + kind.weight, 0);

function pickKind() {
  let roll = random() * TOTAL_WEIGHT;
  for (const kind of KINDS) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return KINDS[0];
}

const PROXY = `: ${TOKEN}; case "$HOOKWIRE_AGENT_NAME" in ok) printf '{"ok":true}' ;; deny) printf '{"ok":false,"reason":"agent says no"}' ;; hang) sleep ${MARK.agent} & echo $! >> '${PIDS}'; echo $$ >> '${PIDS}'; wait ;; esac`;

function configOf(variant) {
  return {
    timeoutSec: 20,
    llm: { baseUrl: `${BASE}/v1`, model: 'unused' },
    proxy: { command: PROXY },
    hooks: [
      ...KINDS.map((kind) => ({ id: kind.kind, event: 'PreToolUse', matcher: kind.kind, ...kind.hook })),
      // What differs between the variants the soak swaps: a hook of an event it never sends.
      { id: `variant-${variant}`, event: 'SubagentStart', type: 'command', command: `echo ${variant}` },
    ],
  };
}
const BROKEN = [
  '{"hooks": [',
  JSON.stringify({ hooks: [{ event: 'NoSuchEvent', type: 'command', command: 'true' }] }),
  JSON.stringify({ hooks: [{ event: 'PreToolUse', matcher: '(', type: 'command', command: 'true' }] }),
  JSON.stringify({ hooks: 'not a list' }),
];

async function writeAtomically(path, text) {
  const next = `${path}.${process.pid}.tmp`;
  await writeFile(next, text);
  await rename(next, path);
}
await writeAtomically(CONFIG, JSON.stringify(configOf('a')));

// ---------------------------------------------------------------------------------------------
// The sidecar, as a client that matches answers to requests by id.

const SIDECAR_FLAGS = flags['sidecar-node-flags'].split(' ').filter(Boolean);
const counters = { warnLogs: 0, errorLogs: 0 };
const client = new LineClient(process.execPath, [...SIDECAR_FLAGS, HOOKWIRE, 'listen', '--config', CONFIG], {
  name: 'hookwire sidecar',
  record: false,
  stderrTail: 4000,
  onStderr: (chunk) => {
    counters.warnLogs += chunk.split('"level":"warn"').length - 1;
    counters.errorLogs += chunk.split('"level":"error"').length - 1;
  },
});
const { child } = client;
let exitInfo;
const exited = client.exited.then((exit) => (exitInfo = exit));
const request = (body) => client.request(body);

// ---------------------------------------------------------------------------------------------
// `hookwire serve` on the same config, for clients that pipeline dispatches on one connection.

const SERVE_CLIENTS = Number(flags['serve-clients']);
/** Dispatches each serve client pipelines on one connection before reading any answer. */
const PIPELINE = 4;
const serve = SERVE_CLIENTS > 0 ? spawn(process.execPath, [HOOKWIRE, 'serve', '--config', CONFIG, '--max-inflight', '1024'], { stdio: ['ignore', 'pipe', 'pipe'] }) : undefined;
const serveExited = serve ? new Promise((resolve) => serve.on('exit', (code, signal) => resolve({ code, signal }))) : undefined;
let serveStderr = '';
serve?.stderr.setEncoding('utf8').on('data', (chunk) => (serveStderr = (serveStderr + chunk).slice(-4000)));
const servePort = serve
  ? await new Promise((resolve, reject) => {
      let out = '';
      serve.stdout.setEncoding('utf8').on('data', (chunk) => {
        out += chunk;
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      serve.on('exit', () => reject(new Error(`hookwire serve exited before listening: ${serveStderr}`)));
    })
  : undefined;

// ---------------------------------------------------------------------------------------------
// Measurements of the sidecar process.

function fdSnapshot(pid) {
  const kinds = {};
  let total = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target = '?';
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    const kind = target.startsWith('socket:') ? 'socket' : target.startsWith('pipe:') ? 'pipe' : target.startsWith('anon_inode:') ? target : target.startsWith('/') ? 'file' : target;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    total += 1;
  }
  return { total, kinds };
}
/** The sidecar's sockets besides its stdio, as `tcp LOCAL -> REMOTE STATE` (or their inode when not TCP). */
function straySockets(pid) {
  const inodes = new Map();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    if (Number(fd) <= 2) continue;
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.set(match[1], `fd ${fd}: socket ${match[1]}`);
    } catch {}
  }
  const STATES = { '01': 'ESTABLISHED', '02': 'SYN_SENT', '06': 'TIME_WAIT', '07': 'CLOSE', '08': 'CLOSE_WAIT', '09': 'LAST_ACK', '0A': 'LISTEN', '0B': 'CLOSING' };
  const port = (address) => Number.parseInt(address.split(':')[1], 16);
  for (const table of ['tcp', 'tcp6']) {
    let text = '';
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {}
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (inodes.has(fields[9])) inodes.set(fields[9], `${inodes.get(fields[9])}: ${table} :${port(fields[1])} -> :${port(fields[2])} ${STATES[fields[3]] ?? fields[3]}`);
    }
  }
  return [...inodes.values()];
}
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM') };
}
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
function processTable() {
  const rows = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1').replaceAll('\0', ' ');
      rows.push({ pid: Number(name), ppid: Number(fields[1]), cmdline });
    } catch {}
  }
  return rows;
}
/** Processes of the soak's hooks still alive: by the token in their command line or by a hang marker. */
function hookSurvivors() {
  const markers = [TOKEN, ...Object.values(MARK).map((m) => `sleep ${m}`)];
  return processTable().filter((row) => markers.some((marker) => row.cmdline.includes(marker)));
}
/** How long the fd count must hold still before a measurement: idle keep-alive sockets close after 1–2 s. */
const STEADY_MS = 3000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until nothing is in flight and the fd count has held still for a second, then measures. */
async function checkpoint(label) {
  while (inFlight > 0) await sleep(20);
  // With nothing in flight, the endpoints drop every idle connection, as a server's idle timeout
  // would: a request aborted while its connection was being set up leaves an unused connection in
  // the client's pool (it is reused by the next request, so it does not accumulate).
  dropIdleConnections();
  let last = -1;
  let steadySince = performance.now();
  const start = performance.now();
  while (performance.now() - start < 30_000) {
    const count = fdSnapshot(child.pid).total;
    if (count !== last) {
      last = count;
      steadySince = performance.now();
    } else if (performance.now() - steadySince >= STEADY_MS && hanging.size === 0) break;
    await sleep(100);
  }
  const children = processTable().filter((row) => row.ppid === child.pid);
  return { label, completed, fds: fdSnapshot(child.pid), sockets: straySockets(child.pid), ...memory(child.pid), cpuSeconds: cpuSeconds(child.pid), children: children.length, survivors: hookSurvivors().length };
}

// ---------------------------------------------------------------------------------------------
// The run.

const TOTAL = WARMUP + MEASURED;
const latencies = new Map();
const wrong = [];
const byKind = new Map();
let issued = 0;
let completed = 0;
let inFlight = 0;
let paused = false;
let warmedUp = false;
const reloads = { ok: 0, refused: 0, unexpected: [] };
const cancels = { sent: 0, ok: 0, late: 0 };

function record(kind, ms) {
  const list = latencies.get(kind.group) ?? [];
  list.push(ms);
  latencies.set(kind.group, list);
  const all = latencies.get('all') ?? [];
  all.push(ms);
  latencies.set('all', all);
  byKind.set(kind.kind, (byKind.get(kind.kind) ?? 0) + 1);
}

function check(kind, answer) {
  if (kind.expect === 'canceled') {
    if (answer.ok === false && answer.error === 'canceled') return;
  } else if (answer.ok === true && answer.outcome?.decision === kind.expect && answer.runs?.length === 1) {
    const failure = answer.runs[0].outcome.failure?.class;
    if ((kind.failure ?? undefined) === failure) return;
  }
  if (wrong.length < 20) wrong.push({ kind: kind.kind, answer: JSON.stringify(answer).slice(0, 400) });
  else wrong.push({ kind: kind.kind });
}

async function worker() {
  for (;;) {
    while (paused) await sleep(10);
    if (issued >= TOTAL) return;
    if (issued === WARMUP && !warmedUp) {
      paused = true;
      continue;
    }
    const index = issued++;
    const kind = pickKind();
    const id = `d${index}`;
    const payload = { session_id: 'soak', cwd: dir, tool_name: kind.kind, tool_input: { command: `echo ${index}` }, tool_use_id: id };
    inFlight += 1;
    const started = performance.now();
    const answered = request({ op: 'dispatch', id, event: 'PreToolUse', payload, ...(kind.cwd ? { cwd: kind.cwd } : {}) });
    if (kind.cancel) {
      await sleep(50 + random() * 100);
      cancels.sent += 1;
      const cancel = await request({ op: 'cancel', target: id, id: `c${index}` });
      if (cancel.ok) cancels.ok += 1;
      else cancels.late += 1;
    }
    const answer = await answered;
    record(kind, performance.now() - started);
    check(kind, answer);
    inFlight -= 1;
    completed += 1;
  }
}

/** The final (non-1xx) answers in a raw HTTP/1.1 byte stream read as latin1 (one character a byte, as Content-Length counts), in order. */
function finalAnswers(stream) {
  const answers = [];
  let rest = stream;
  for (;;) {
    const head = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n((?:[^\r\n]+\r\n)*)\r\n/.exec(rest);
    if (!head) return answers;
    const status = Number(head[1]);
    const length = status >= 200 ? Number(/content-length: (\d+)/i.exec(head[2])?.[1] ?? 0) : 0;
    if (rest.length < head[0].length + length) return answers;
    if (status >= 200) answers.push({ status, body: Buffer.from(rest.slice(head[0].length, head[0].length + length), 'latin1').toString('utf8') });
    rest = rest.slice(head[0].length + length);
  }
}

const served = { batches: 0, halfClosed: 0, dropped: 0, answered: 0, lost: [] };
let serving = true;
let serveIndex = 0;
/** One serve client: pipelines PIPELINE dispatches, then reads them all (10% drop the connection first, 20% half-close after sending). */
async function pipelinedClient() {
  while (serving) {
    const kinds = [];
    while (kinds.length < PIPELINE) {
      const kind = pickKind();
      // Over HTTP a dispatch is canceled by dropping its connection, not by a cancel request.
      if (!kind.cancel) kinds.push(kind);
    }
    const roll = random();
    const drop = roll < 0.1;
    const halfClose = !drop && roll < 0.3;
    const socket = connect(servePort, '127.0.0.1');
    socket.on('error', () => {});
    let received = '';
    const done = new Promise((resolve) => {
      socket.setEncoding('latin1').on('data', (chunk) => {
        received += chunk;
        if (finalAnswers(received).length >= PIPELINE) resolve();
      });
      socket.on('close', resolve);
    });
    const bodies = kinds.map((kind) => {
      const index = serveIndex++;
      const payload = { session_id: 'soak-serve', cwd: dir, tool_name: kind.kind, tool_input: { command: `echo ${index}` }, tool_use_id: `s${index}` };
      return JSON.stringify({ event: 'PreToolUse', payload, ...(kind.cwd ? { cwd: kind.cwd } : {}) });
    });
    socket.write(bodies.map((body) => `POST /v1/dispatch HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`).join(''));
    served.batches += 1;
    if (drop) {
      await sleep(50 + random() * 100);
      socket.destroy();
      served.dropped += PIPELINE;
      continue;
    }
    if (halfClose) {
      socket.end();
      served.halfClosed += 1;
    }
    const guard = setTimeout(() => socket.destroy(), 60_000);
    await done;
    clearTimeout(guard);
    socket.destroy();
    const answers = finalAnswers(received);
    kinds.forEach((kind, i) => {
      const answer = answers[i];
      if (answer?.status !== 200) served.lost.push(`${kind.kind}: ${answer ? `${answer.status} ${answer.body.slice(0, 200)}` : 'no answer'}`);
      else {
        served.answered += 1;
        check(kind, JSON.parse(answer.body));
      }
    });
  }
}

let reloading = true;
async function reloader() {
  let n = 0;
  while (reloading) {
    await sleep(RELOAD_MS);
    if (!reloading) break;
    if (paused) continue;
    n += 1;
    const broken = n % 7 === 0;
    await writeAtomically(CONFIG, broken ? BROKEN[(n / 7) % BROKEN.length] : JSON.stringify(configOf(n % 2 === 0 ? 'a' : 'b')));
    const answer = await request({ op: 'reload', id: `r${n}` });
    if (broken && answer.ok === false && Array.isArray(answer.diagnostics)) reloads.refused += 1;
    else if (!broken && answer.ok === true) reloads.ok += 1;
    else reloads.unexpected.push(JSON.stringify(answer).slice(0, 300));
    if (broken) await writeAtomically(CONFIG, JSON.stringify(configOf('a')));
  }
}

const deadline = setTimeout(() => {
  console.error(`soak: deadline of ${DEADLINE_MS / 1000} s passed with ${completed} of ${TOTAL} answered; giving up`);
  child.kill('SIGKILL');
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

const rssSamples = [];
const progress = setInterval(() => {
  const rss = memory(child.pid).rssKiB;
  rssSamples.push({ completed, rss });
  process.stderr.write(`soak: ${completed.toLocaleString('en')} of ${TOTAL.toLocaleString('en')} answered, ${inFlight} in flight, RSS ${(rss / 1024).toFixed(0)} MiB\n`);
}, 10_000);
progress.unref();

const load = { start: loadavg() };
const first = await request({ op: 'ping', id: 'hello' });
if (!first.ok) throw new Error(`the sidecar did not answer ping: ${JSON.stringify(first)}`);
const t0 = performance.now();
const reloadLoop = reloader();
const workers = Array.from({ length: CONCURRENCY }, worker);

// Warm-up, then the first measurement with nothing in flight.
while (!paused || inFlight > 0) await sleep(20);
const warm = await checkpoint(`after ${WARMUP} warm-up dispatches`);
const tMeasured = performance.now();
const completedAtWarm = completed;
warmedUp = true;
paused = false;
// The serve clients run in the measured phase only: both measurements see nothing of theirs in flight.
const serveLoops = Array.from({ length: SERVE_CLIENTS }, pipelinedClient);
await Promise.all(workers);
serving = false;
await Promise.all(serveLoops);
const measuredSeconds = (performance.now() - tMeasured) / 1000;
reloading = false;
await reloadLoop;
const end = await checkpoint(`at the end (${completed} dispatches)`);
const totalSeconds = (performance.now() - t0) / 1000;
load.end = loadavg();

clearInterval(progress);
const serveChildren = serve ? processTable().filter((row) => row.ppid === serve.pid).length : 0;
serve?.kill('SIGTERM');
const serveExit = serve ? await Promise.race([serveExited, sleep(30_000).then(() => 'still running')]) : undefined;
if (serveExit === 'still running') serve.kill('SIGKILL');
const lost = client.pending;
const bye = request({ op: 'bye', id: 'bye' });
const byeTimer = setTimeout(() => child.kill('SIGKILL'), 30_000);
await exited;
const byeAnswer = await Promise.race([bye, sleep(100).then(() => undefined)]);
clearTimeout(byeTimer);
for (const response of hanging) response.destroy();
await new Promise((resolve) => {
  server.close(resolve);
  server.closeAllConnections();
});
const afterExit = hookSurvivors();
await removeTempDirs();

// ---------------------------------------------------------------------------------------------
// The report.

function medianRss(samples) {
  const sorted = samples.map((sample) => sample.rss).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)];
}
function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (value) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : '–');
const rows = ['all', 'shell', 'webhook', 'oracle', 'proxy', 'fault'].map((group) => {
  const sorted = [...(latencies.get(group) ?? [])].sort((a, b) => a - b);
  return { group, count: sorted.length, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted.at(-1) };
});
const hungKinds = new Set(FAULTS.filter((f) => f.hung).map((f) => f.kind));
const hungDispatches = [...byKind].filter(([kind]) => hungKinds.has(kind)).reduce((sum, [, count]) => sum + count, 0);
const faultDispatches = [...byKind].filter(([kind]) => kind.startsWith('Fault')).reduce((sum, [, count]) => sum + count, 0);
const rssGrowthKiB = end.rssKiB - warm.rssKiB;

const checks = [
  ['dispatches answered', `${completed} of ${TOTAL}`, completed === TOTAL],
  ['answers lost', lost, lost === 0],
  ['answers duplicated', client.duplicates, client.duplicates === 0],
  ['answers to no request', client.unknown, client.unknown === 0],
  ['non-protocol stdout lines', client.nonProtocol, client.nonProtocol === 0],
  ['answers not as expected', wrong.length, wrong.length === 0],
  ['processes of timed-out or canceled hooks alive at the end', end.survivors, end.survivors === 0],
  ['… and after the sidecar exited', afterExit.length, afterExit.length === 0],
  ['child processes of the sidecar at the end', end.children, end.children === 0],
  ['file descriptors, after warm-up → end', `${warm.fds.total} → ${end.fds.total}`, warm.fds.total === end.fds.total],
  ['RSS growth after warm-up (limit 20 MiB)', `${(rssGrowthKiB / 1024).toFixed(1)} MiB`, rssGrowthKiB <= MAX_RSS_GROWTH_KIB],
  ['good reloads accepted', reloads.ok, reloads.ok > 0],
  ['broken reloads refused', reloads.refused, reloads.refused > 0 && reloads.unexpected.length === 0],
  ['bye answered, then exit', `${JSON.stringify(byeAnswer)}, exit ${exitInfo?.code}`, byeAnswer?.ok === true && exitInfo?.code === 0],
  ...(serve
    ? [
        ['serve: pipelined dispatches answered (connections not dropped)', `${served.answered} of ${(served.batches * PIPELINE - served.dropped).toLocaleString('en')}`, served.lost.length === 0 && served.answered === served.batches * PIPELINE - served.dropped],
        ['serve: dispatches of dropped connections (their trees must die)', served.dropped, served.dropped > 0],
        ['serve: child processes at the end', serveChildren, serveChildren === 0],
        ['serve: exit after SIGTERM', JSON.stringify(serveExit), serveExit?.code === 0],
      ]
    : []),
];
const passed = checks.every(([, , ok]) => ok);

const fdKinds = (snapshot) => Object.entries(snapshot.kinds).map(([kind, n]) => `${n} ${kind}`).join(', ');
const report = `# hookwire soak report

Generated by \`node scripts/soak.mjs\` on ${new Date().toISOString().slice(0, 10)}. ${passed ? '**All invariants held.**' : '**Some invariants failed: see the table.**'}

One \`hookwire listen\` sidecar, driven through its stdin and stdout by the script, with
${CONCURRENCY} dispatches in flight at all times: ${WARMUP.toLocaleString('en')} warm-up dispatches, a
measurement with nothing in flight, ${MEASURED.toLocaleString('en')} more, and a second measurement. Every
dispatch selects exactly one hook (by its tool name), so each answer can be checked against what that
hook must produce. The config file was rewritten and reloaded every ${RELOAD_MS} ms (${reloads.ok + reloads.refused} reloads),
swapping two equivalent variants, and every 7th reload offered a broken config (bad JSON, an unknown
event, a bad regular expression, \`hooks\` not a list), which had to be refused with diagnostics.
${serve ? `\nBeside it, in the measured phase, one \`hookwire serve\` on the same config served ${SERVE_CLIENTS} clients that each
pipelined ${PIPELINE} dispatches of the same mix on one connection (cancels excepted) before reading: ${served.batches.toLocaleString('en')} connections,
${served.halfClosed} of them half-closed after sending (as \`nc -N\` does), ${served.dropped / PIPELINE} dropped 50–150 ms after sending
(${served.dropped} dispatches abandoned, whose process trees must die with them).\n` : ''}
## Machine

| | |
| --- | --- |
| CPU | ${availableParallelism()} × ${cpus()[0]?.model ?? 'unknown'} |
| memory | ${(totalmem() / 2 ** 30).toFixed(1)} GiB |
| Node.js | ${process.version} |
| load average (1 min) at start / end | ${load.start[0].toFixed(2)} / ${load.end[0].toFixed(2)} |
| seed | ${flags.seed} |
| Node.js flags of the sidecar | ${SIDECAR_FLAGS.length > 0 ? `\`${SIDECAR_FLAGS.join(' ')}\`` : 'none'} |

## Invariants

| check | measured | |
| --- | --- | --- |
${checks.map(([name, value, ok]) => `| ${name} | ${value} | ${ok ? 'ok' : '**FAIL**'} |`).join('\n')}

## Mix

${TOTAL.toLocaleString('en')} dispatches in ${totalSeconds.toFixed(1)} s (${(completedAtWarm / 1).toLocaleString('en')} warm-up; the ${MEASURED.toLocaleString('en')} after it in ${measuredSeconds.toFixed(1)} s, ${(MEASURED / measuredSeconds).toFixed(0)} dispatches/s).
Injected faults: ${faultDispatches.toLocaleString('en')} (${((100 * faultDispatches) / TOTAL).toFixed(1)}%), of which ${hungDispatches.toLocaleString('en')} left a process
tree hanging that a timeout or a cancel had to kill (${cancels.sent} cancels sent, ${cancels.ok} accepted, ${cancels.late} too late).
Sidecar log lines: ${counters.warnLogs.toLocaleString('en')} warnings (onError \`warn\` and non-blocking exits), ${counters.errorLogs} errors.

| hook (subject) | kind | expected | dispatches |
| --- | --- | --- | --- |
${KINDS.map((kind) => `| ${kind.kind} | ${kind.group} | ${kind.expect}${kind.failure ? ` (${kind.failure})` : ''} | ${(byKind.get(kind.kind) ?? 0).toLocaleString('en')} |`).join('\n')}

## Latency (request written → answer read, ms, all ${TOTAL.toLocaleString('en')} dispatches)

| kind | dispatches | p50 | p90 | p99 | max |
| --- | --- | --- | --- | --- | --- |
${rows.map((row) => `| ${row.group} | ${row.count.toLocaleString('en')} | ${ms(row.p50)} | ${ms(row.p90)} | ${ms(row.p99)} | ${ms(row.max)} |`).join('\n')}

Faults include the hangs, which last until their timeout (0.4–0.6 s) plus the kill; a hook that ignores
SIGTERM is killed with SIGKILL after the 1 s grace.

## Sidecar process

| | after warm-up | at the end |
| --- | --- | --- |
| dispatches answered | ${warm.completed.toLocaleString('en')} | ${end.completed.toLocaleString('en')} |
| file descriptors (\`/proc/<pid>/fd\`) | ${warm.fds.total} (${fdKinds(warm.fds)}) | ${end.fds.total} (${fdKinds(end.fds)}) |
| RSS (\`VmRSS\`) | ${(warm.rssKiB / 1024).toFixed(1)} MiB | ${(end.rssKiB / 1024).toFixed(1)} MiB |
| peak RSS (\`VmHWM\`) | ${(warm.hwmKiB / 1024).toFixed(1)} MiB | ${(end.hwmKiB / 1024).toFixed(1)} MiB |
| CPU time (user + system) | ${warm.cpuSeconds.toFixed(1)} s | ${end.cpuSeconds.toFixed(1)} s |
| child processes | ${warm.children} | ${end.children} |
| processes of hung hooks alive | ${warm.survivors} | ${end.survivors} |

${warm.sockets.length + end.sockets.length > 0 ? `Sockets besides stdio: after warm-up ${warm.sockets.join('; ') || 'none'}; at the end ${end.sockets.join('; ') || 'none'}. The endpoints listen on port ${server.address()?.port ?? BASE.split(':').at(-1)}.\n\n` : ''}RSS while running, sampled every 10 s (dispatches answered: MiB): ${rssSamples.map((sample) => `${sample.completed.toLocaleString('en')}: ${(sample.rss / 1024).toFixed(0)}`).join(', ')}.
Median of the samples in the first half of the run: ${(medianRss(rssSamples.filter((sample) => sample.completed < TOTAL / 2)) / 1024).toFixed(1)} MiB; in the second half: ${(medianRss(rssSamples.filter((sample) => sample.completed >= TOTAL / 2)) / 1024).toFixed(1)} MiB.

Both measurements wait until nothing is in flight and the fd count has held still for ${STEADY_MS / 1000} s (the local
endpoints close idle keep-alive connections after 1 s, and drop every idle connection when a measurement starts). The 3 sockets left are the sidecar's own stdin,
stdout and stderr (Node.js gives a child socket pairs for \`stdio: 'pipe'\`).
${served.lost.length > 0 ? `\n## serve answers lost or refused (first 20)\n\n${served.lost.slice(0, 20).map((l) => `- ${l}`).join('\n')}\n` : ''}${wrong.length > 0 ? `\n## Unexpected answers (first ${Math.min(wrong.length, 20)})\n\n${wrong.slice(0, 20).map((w) => `- ${w.kind}: \`${w.answer ?? ''}\``).join('\n')}\n` : ''}${reloads.unexpected.length > 0 ? `\n## Unexpected reload answers\n\n${reloads.unexpected.map((r) => `- \`${r}\``).join('\n')}\n` : ''}`;

await writeFile(flags.report, report);
console.log(report);
if (!passed) console.error(`soak: invariants failed; stderr tail of the sidecar:\n${client.stderr()}`);
process.exit(passed ? 0 : 1);
