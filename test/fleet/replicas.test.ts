// serve as a replicated service, with the real programs: three `hookwire serve` replicas on one
// config, behind a real HAProxy (health checks, layer-7 retries), scraped by a real Prometheus,
// under steady load. One replica is SIGKILLed mid-load; the client must see no failed request and
// no wrong decision. (The bundle half — a new bundle published mid-load — comes with serve --bundle.)
import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { missingSystemProgram, removeTempDirs, startHaproxy, startPrometheus, startTestServer, tempDir, type Haproxy, type Prometheus, type TestServer } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { HOOKWIRE_BIN, killServes, startServe, type ServeProcess } from '../../packages/hookwire/test/serve/serve-process.js';
import { startLoad, type LoadCase } from './load.js';

const POLL_SECONDS = 2;
const TOKEN = 'replica-test-token';
const TOKEN_ENV = 'HOOKWIRE_REPLICA_TEST_TOKEN';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let haproxy: Haproxy | undefined;
let prometheus: Prometheus | undefined;
let bundleServer: TestServer | undefined;
afterAll(async () => {
  await Promise.all([haproxy?.stop(), prometheus?.stop(), bundleServer?.close()]);
  await killServes();
  await removeTempDirs();
});

const hookwire = (...args: string[]) => execFileSync(process.execPath, [HOOKWIRE_BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Builds and signs a bundle of `config` as `revision`; its bytes. */
function signedBundle(dir: string, key: string, revision: string, config: object): Buffer {
  const policy = join(dir, `policy-${revision}`);
  mkdirSync(policy);
  writeFileSync(join(policy, '.hookwire.json'), JSON.stringify(config));
  const out = join(dir, `${revision}.bundle.json`);
  hookwire('bundle', 'build', policy, '--out', out, '--revision', revision);
  hookwire('bundle', 'sign', out, '--key', key);
  return readFileSync(out);
}

/** The revision each replica's /healthz says is active. */
async function activeRevision(replica: ServeProcess): Promise<string | undefined> {
  const response = await fetch(`${replica.url}/healthz`);
  const body = (await response.json()) as { bundle?: { active?: { revision?: string } } };
  return body.bundle?.active?.revision;
}

const RECOMMENDED = { id: 'recommended', type: 'rule', pack: 'hookwire:recommended', onError: 'block' };
// Revision 2 adds a guard the load never meets: every decision of the load is the same under both.
const EXTRA = { id: 'no-curl-pipe', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'exit 0' };

function cases(cwd: string): LoadCase[] {
  const claude = (command: string) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, session_id: 'replicas', cwd });
  const dispatch = (command: string) => JSON.stringify({ event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command }, cwd } });
  const decision = (text: string) => (JSON.parse(text) as { outcome: { decision: string } }).outcome.decision;
  return [
    { name: 'claude deny', path: '/hooks/claude', body: claude('git push --force origin main'), expect: (text) => text.includes('"permissionDecision":"deny"') && text.includes('git-push-force-protected') },
    { name: 'claude none', path: '/hooks/claude', body: claude('ls -la'), expect: (text) => text === '' },
    { name: 'dispatch deny', path: '/v1/dispatch', body: dispatch('git push --force origin main'), expect: (text) => decision(text) === 'deny' },
    { name: 'dispatch none', path: '/v1/dispatch', body: dispatch('ls -la'), expect: (text) => decision(text) === 'none' },
  ];
}

describe('three serve replicas behind HAProxy, scraped by Prometheus', () => {
  it('a replica SIGKILLed mid-load costs no request and no decision changes; Prometheus scrapes all three', async () => {
    for (const program of ['haproxy', 'prometheus'] as const) {
      const missing = missingSystemProgram(program);
      if (missing !== undefined) throw new Error(`this test drives the real ${program}: ${missing}`);
    }
    const dir = await tempDir('hookwire-replicas-');
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const pub = join(dir, 'org.pub.pem');
    const priv = join(dir, 'org.pem');
    writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(priv, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(join(dir, 'token'), TOKEN);

    // The publisher: any HTTP server with ETags. It serves whatever bundle is current.
    let published = signedBundle(dir, priv, 'rev-1', { hooks: [RECOMMENDED] });
    const etag = () => `"${createHash('sha256').update(published).digest('hex').slice(0, 16)}"`;
    bundleServer = await startTestServer((request, response) => {
      if (request.headers['if-none-match'] === etag()) return void response.writeHead(304, { etag: etag() }).end();
      response.writeHead(200, { 'content-type': 'application/json', etag: etag() }).end(published);
    });

    const env = { ...process.env, [TOKEN_ENV]: TOKEN };
    const replicas = await Promise.all(
      [1, 2, 3].map(() => startServe(['--config', join(dir, 'policy-rev-1/.hookwire.json'), '--token-env', TOKEN_ENV, '--max-inflight', '1024'], env, { cwd: dir })),
    );
    for (const replica of replicas) {

    }
    const backends = replicas.map((replica, i) => ({ name: `r${i + 1}`, url: replica.url }));
    const lbDir = join(dir, 'haproxy');
    const promDir = join(dir, 'prometheus');
    mkdirSync(lbDir);
    mkdirSync(promDir);
    const started = await Promise.allSettled([
      startHaproxy(lbDir, { backends, checkPath: '/healthz', checkIntervalMs: 500 }).then((child) => (haproxy = child)),
      startPrometheus(promDir, { targets: replicas.map((replica) => new URL(replica.url).host), tokenFile: join(dir, 'token'), scrapeIntervalSec: 1 }).then((child) => (prometheus = child)),
    ]);
    for (const start of started) if (start.status === 'rejected') throw start.reason;
    const lb = haproxy!;
    const prom = prometheus!;
    await expect.poll(() => lb.serverStates(), { timeout: 10_000, interval: 100 }).toEqual({ r1: 'UP', r2: 'UP', r3: 'UP' });

    // (c) Prometheus scrapes every replica, with the token, before anything is killed.
    await expect
      .poll(async () => (await prom.query('up{job="hookwire-serve"}')).map((row) => `${row.labels.instance} ${row.value}`).sort(), { timeout: 15_000, interval: 250 })
      .toEqual(backends.map((backend) => `${new URL(backend.url).host} 1`).sort());
    expect((await prom.targets()).map((target) => [target.instance, target.health, target.lastError]).sort()).toEqual(backends.map((backend) => [new URL(backend.url).host, 'up', '']).sort());

    const load = startLoad(lb.url, cases(dir), { workers: Math.max(4, cpus().length * 2), headers: AUTH, maxMs: 40_000, maxRequests: 200_000 });
    await wait(1_500);

    // (b) One replica SIGKILLed mid-load: HAProxy retries its requests on the others.
    const killedAt = Math.round(performance.now() - load.started);
    replicas[1]!.child.kill('SIGKILL');
    await replicas[1]!.exited;
    await expect.poll(async () => (await lb.serverStates()).r2, { timeout: 10_000, interval: 100 }).toMatch(/^DOWN/);
    await wait(2_000);
    const result = await load.stop();

    expect(result.failures.slice(0, 10), `${result.failures.length} of ${result.sent} requests failed (the first ten shown)`).toEqual([]);
    expect(result.answered).toBe(result.sent);
    // The kill was felt and absorbed: HAProxy retried or redispatched requests that r2 could not answer.
    const backend = (await lb.stats()).BACKEND!;
    expect(Number(backend.wretr) + Number(backend.wredis), `HAProxy's retries (${backend.wretr}) and redispatches (${backend.wredis})`).toBeGreaterThan(0);
    const before = result.answeredAt.filter((at) => at < killedAt).length;
    const after = result.answeredAt.length - before;
    expect(before, 'answers before the kill').toBeGreaterThan(100);
    expect(after, 'answers after the kill').toBeGreaterThan(100);

    // Prometheus saw the killed replica go down, and the two others still up.
    const killedHost = new URL(replicas[1]!.url).host;
    await expect
      .poll(async () => Object.fromEntries((await prom.query('up{job="hookwire-serve"}')).map((row) => [row.labels.instance, row.value]))[killedHost], { timeout: 10_000, interval: 250 })
      .toBe(0);
    // Every replica answered part of the load (the killed one until its death).
    const served = await prom.query('sum by (instance) (max_over_time(hookwire_dispatches_total{job="hookwire-serve",decision="deny"}[5m]))');
    expect(served.map((row) => row.labels.instance).sort(), `instances that answered denies: ${JSON.stringify(served)}`).toEqual(backends.map((backend) => new URL(backend.url).host).sort());
  }, 90_000);
});
