import { cpuSeconds, missingSystemProgram, startHaproxy } from '@hookwire/test-utils';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expandRows } from '../lib/builds.mjs';
import { oneCommandHookConfig, toolPayload, writeConfig } from '../lib/fixtures.mjs';
import { autocannonRate, keepAliveClient, startServe } from '../lib/http.mjs';
import { trackChild } from '../lib/processes.mjs';
import { median } from '../lib/stats.mjs';
import { bodies, check } from './serve.mjs';

const REPLICAS = 3;
/** "Low concurrency": besides one client, this many clients at once. */
const CONCURRENCY = 4;

/** Why the replica figures cannot run here (HAProxy missing), or undefined. */
function skipReason() {
  const missing = missingSystemProgram('haproxy');
  return missing === undefined ? undefined : `skipped: ${missing}`;
}

/** Three serve replicas of a build behind a real HAProxy (the test's configuration: health checks, layer-7 retries). */
async function startReplicas(ctx, figure, build, closers, { single = false, config: hooks = oneCommandHookConfig() } = {}) {
  const cwd = ctx.workDir;
  const config = writeConfig(cwd, `${figure}.json`, hooks);
  const replicas = [];
  for (let i = 0; i < REPLICAS; i++) {
    const server = await startServe(`${figure} serve${build.suffix} r${i + 1}`, config, { cwd, bin: build.bin, args: ['--max-inflight', '1024'] });
    closers.push(() => server.close());
    replicas.push(server);
  }
  const dir = join(cwd, `${figure}${build.suffix.replace(/\W/g, '-')}-haproxy`);
  const balancer = async (name, servers) => {
    mkdirSync(join(dir, name), { recursive: true });
    const haproxy = await startHaproxy(join(dir, name), { backends: servers.map((server, i) => ({ name: `r${i + 1}`, url: server.url })), checkPath: '/healthz' });
    trackChild(haproxy.child);
    closers.push(() => haproxy.stop());
    for (let waited = 0; Object.values(await haproxy.serverStates()).some((state) => state !== 'UP'); waited += 100) {
      if (waited > 10_000) throw new Error(`${figure}: HAProxy does not see every replica up: ${JSON.stringify(await haproxy.serverStates())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return haproxy;
  };
  // With `single`, a second HAProxy in front of the first replica alone: the hop without the rotation.
  return { replicas, haproxy: await balancer('all', replicas), haproxyOne: single ? await balancer('one', replicas.slice(0, 1)) : undefined };
}

async function withClosers(create) {
  const closers = [];
  try {
    return await create(closers);
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
}

/** Round trip through HAProxy and three replicas vs one replica reached directly, one request at a time. */
export async function createRoundtrip(ctx) {
  const skipped = skipReason();
  if (skipped !== undefined) return { id: 'replicas-roundtrip', group: 'serve', title: 'serve behind HAProxy, round trip', skipped };
  const ops = ctx.ops(400);
  const body = bodies(ctx.workDir);
  return withClosers(async (closers) => {
    const sides = [];
    for (const build of ctx.builds) {
      const { replicas, haproxy, haproxyOne } = await startReplicas(ctx, 'replicas-roundtrip', build, closers, { single: true });
      const clients = (url) => Array.from({ length: CONCURRENCY }, () => keepAliveClient(url));
      const direct = clients(replicas[0].url);
      const balanced = clients(haproxy.url);
      const hop = keepAliveClient(haproxyOne.url);
      closers.push(...[...direct, ...balanced, hop].map((client) => () => client.close()));
      await check(direct[0], replicas[0].name, '/hooks/claude', body.hook, (text) => text === '');
      await check(balanced[0], `HAProxy${build.tag}`, '/hooks/claude', body.hook, (text) => text === '');
      await check(hop, `HAProxy, one replica${build.tag}`, '/hooks/claude', body.hook, (text) => text === '');
      // CONCURRENCY clients at once, each one request after the other: the median of their medians.
      const concurrent = (list) => async () => median(await Promise.all(list.map((client) => client.sequential(Math.ceil(ops / list.length), '/hooks/claude', body.hook))));
      sides.push({ name: `direct${build.suffix}`, label: `one serve replica, directly, 1 client${build.tag}`, sample: () => direct[0].sequential(ops, '/hooks/claude', body.hook) });
      sides.push({ name: `haproxy${build.suffix}`, label: `HAProxy, three serve replicas, 1 client${build.tag}`, sample: () => balanced[0].sequential(ops, '/hooks/claude', body.hook) });
      sides.push({ name: `hop${build.suffix}`, label: `HAProxy, the first replica alone, 1 client${build.tag}`, sample: () => hop.sequential(ops, '/hooks/claude', body.hook) });
      sides.push({ name: `direct-c${CONCURRENCY}${build.suffix}`, label: `one serve replica, directly, ${CONCURRENCY} clients${build.tag}`, sample: concurrent(direct) });
      sides.push({ name: `haproxy-c${CONCURRENCY}${build.suffix}`, label: `HAProxy, three serve replicas, ${CONCURRENCY} clients${build.tag}`, sample: concurrent(balanced) });
    }
    return {
      id: 'replicas-roundtrip',
      group: 'serve',
      title: 'serve behind HAProxy, round trip',
      description: `no-match PreToolUse requests (POST /hooks/claude), one after the other on a keep-alive connection, from 1 client and from ${CONCURRENCY} clients at once: through a real HAProxy (round robin over ${REPLICAS} serve replicas, health checks, layer-7 retries; the configuration of test/fleet/replicas.test.ts) vs one of the same replicas reached directly, side by side; a sample is the median of ${ops} round trips (with ${CONCURRENCY} clients, the median of their medians)`,
      sides,
      rows: expandRows(
        ctx.builds,
        [
          { label: `round trip through HAProxy and ${REPLICAS} replicas vs one replica directly, 1 client`, floor: 'direct', subject: 'haproxy', target: 1.3 },
          { label: 'round trip through HAProxy in front of that one replica alone vs directly, 1 client (the hop without the rotation)', floor: 'direct', subject: 'hop', main: false },
          { label: `round trip through HAProxy and ${REPLICAS} replicas vs one replica directly, ${CONCURRENCY} clients at once`, floor: `direct-c${CONCURRENCY}`, subject: `haproxy-c${CONCURRENCY}`, target: 1.3 },
        ],
        ['direct', 'haproxy', 'hop', `direct-c${CONCURRENCY}`, `haproxy-c${CONCURRENCY}`],
      ),
      teardown: () => Promise.all(closers.map((close) => close())),
    };
  });
}

/**
 * CPU per request, the input of docs/fleet.md's throughput model: autocannon drives HAProxy at 16
 * connections; the CPU time (user + system, /proc) that the replicas and HAProxy used, divided by
 * the requests answered. A sample is one such run; its sides are CPU milliseconds per request.
 */
export async function createCpu(ctx) {
  const skipped = skipReason();
  if (skipped !== undefined) return { id: 'replicas-cpu', group: 'serve', title: 'serve behind HAProxy, CPU per request', skipped };
  const { default: autocannon } = await import('autocannon');
  const seconds = ctx.options.quick ? 1 : 3;
  const connections = 16;
  // What `hookwire init` switches on, judging a shell line: the rules parse it and match every command.
  const config = { hooks: [{ id: 'recommended', type: 'rule', pack: 'hookwire:recommended', onError: 'block' }] };
  const body = JSON.stringify(toolPayload({ tool: 'Bash', cwd: ctx.workDir }));
  return withClosers(async (closers) => {
    const { replicas, haproxy } = await startReplicas(ctx, 'replicas-cpu', ctx.builds[0], closers, { config });
    const client = keepAliveClient(haproxy.url);
    await check(client, 'HAProxy', '/hooks/claude', body, (text) => text === '');
    client.close();
    const pids = replicas.map((server) => server.child.pid);
    const cpuOf = async (list) => (await Promise.all(list.map((pid) => cpuSeconds(pid)))).reduce((a, b) => a + b, 0);
    let last;
    let pending = new Set();
    const run = async () => {
      const [serveBefore, haproxyBefore] = [await cpuOf(pids), await cpuSeconds(haproxy.child.pid)];
      const rate = await autocannonRate(autocannon, { url: haproxy.url, path: '/hooks/claude', body, connections, seconds });
      const [serveAfter, haproxyAfter] = [await cpuOf(pids), await cpuSeconds(haproxy.child.pid)];
      const requests = rate * seconds;
      last = { serve: ((serveAfter - serveBefore) * 1000) / requests, haproxy: ((haproxyAfter - haproxyBefore) * 1000) / requests, wall: 1000 / rate };
    };
    // One autocannon run fills the three sides of a round, whichever side the round asks for first.
    const sample = (name) => async () => {
      if (pending.size === 0) {
        await run();
        pending = new Set(['serve', 'haproxy', 'wall']);
      }
      pending.delete(name);
      return last[name];
    };
    return {
      id: 'replicas-cpu',
      group: 'serve',
      title: 'serve behind HAProxy, CPU per request',
      description: `autocannon 9 (in the bench process) through HAProxy to ${REPLICAS} serve replicas at ${connections} keep-alive connections for ${seconds} s per sample, POSTing a PreToolUse Bash \`git status\` payload to /hooks/claude, judged by the hookwire:recommended rule pack (what \`hookwire init\` switches on; no rule matches, every rule is evaluated); the CPU time (user + system, from /proc/PID/stat, 10 ms ticks) of the ${REPLICAS} replicas together and of HAProxy, divided by the requests answered. Not a ratio against a floor: the per-request costs docs/fleet.md's throughput model starts from (1000 / ms is requests per second per core)`,
      sides: [
        { name: 'serve', label: `serve, CPU ms per request (${REPLICAS} replicas together)`, sample: sample('serve') },
        { name: 'haproxy', label: 'HAProxy, CPU ms per request', sample: sample('haproxy') },
        { name: 'wall', label: `wall time per request at ${connections} connections (1000/ms: requests per second through HAProxy on this machine, load generator included)`, sample: sample('wall') },
      ],
      rows: [
        { label: 'serve CPU per request (1000/ms: requests per second per core)', subject: 'serve', throughput: true },
        { label: 'HAProxy CPU per request', subject: 'haproxy', throughput: true },
        { label: `throughput through HAProxy at ${connections} connections (wall ms per request)`, subject: 'wall', throughput: true },
        { label: 'HAProxy CPU per request vs serve CPU per request', floor: 'serve', subject: 'haproxy' },
      ],
      teardown: () => Promise.all(closers.map((close) => close())),
    };
  });
}
