// serve as a replicated service, with the real programs: three `hookwire serve` replicas polling one
// signed bundle over HTTP, behind a real HAProxy (health check on the readiness route, layer-7
// retries), scraped by a real Prometheus, under steady load. A new bundle is published mid-load and
// one replica is SIGKILLed mid-load; the client must see no failed request and no wrong decision.
import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { missingSystemProgram, removeTempDirs, startHaproxy, startPrometheus, startTestServer, tempDir, type Haproxy, type Prometheus, type TestServer } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { HOOKWIRE_BIN, killServes, startServe, type ServeProcess } from '../../packages/hookwire/test/serve/serve-process.js';
import { startLoad, type Load, type LoadCase } from './load.js';

const POLL_SECONDS = 2;
const TOKEN = 'replica-test-token';
const TOKEN_ENV = 'HOOKWIRE_REPLICA_TEST_TOKEN';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let haproxy: Haproxy | undefined;
let prometheus: Prometheus | undefined;
let bundleServer: TestServer | undefined;
let running: Load | undefined;
afterAll(async () => {
  await running?.stop(); // a test that failed midway leaves its load going
  await Promise.all([haproxy?.stop(), prometheus?.stop(), bundleServer?.close()]);
  await killServes();
  await removeTempDirs();
});

const hookwire = (...args: string[]) => execFileSync(process.execPath, [HOOKWIRE_BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Builds and signs a bundle of `config` (and `files` beside it) as `revision`; its bytes. */
function signedBundle(dir: string, key: string, revision: string, config: object, files: Record<string, string> = {}): Buffer {
  const policy = join(dir, `policy-${revision}`);
  mkdirSync(policy);
  writeFileSync(join(policy, '.hookwire.json'), JSON.stringify(config));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(policy, name), text);
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
// Revision 2 adds the team's own rule pack (shipped in the bundle), whose rules the load never meets:
// every decision of the load is the same under both revisions.
const TEAM = { id: 'team', type: 'rule', pack: './team-pack.json', onError: 'block' };
const TEAM_PACK = JSON.stringify({ name: 'team', version: '1', levels: ['on'], rules: [] });

function cases(cwd: string): LoadCase[] {
  const claude = (command: string) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, session_id: 'replicas', cwd });
  const dispatch = (command: string) => JSON.stringify({ event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command }, cwd } });
  const decision = (text: string) => (JSON.parse(text) as { outcome: { decision: string } }).outcome.decision;
  const revision = (text: string) => (JSON.parse(text) as { bundle?: string }).bundle;
  return [
    { name: 'claude deny', path: '/hooks/claude', body: claude('git push --force origin main'), expect: (text) => text.includes('"permissionDecision":"deny"') && text.includes('git-push-force-protected') },
    { name: 'claude none', path: '/hooks/claude', body: claude('ls -la'), expect: (text) => text === '' },
    { name: 'dispatch deny', path: '/v1/dispatch', body: dispatch('git push --force origin main'), expect: (text) => decision(text) === 'deny', revision },
    { name: 'dispatch none', path: '/v1/dispatch', body: dispatch('ls -la'), expect: (text) => decision(text) === 'none', revision },
  ];
}

describe('three serve replicas behind HAProxy, scraped by Prometheus', () => {
  it('a bundle published mid-load reaches every replica within two polls and a replica SIGKILLed mid-load costs no request; Prometheus scrapes all three', async () => {
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

    // The replicas' own user and cache folders (serve --bundle installs what it verified under the cache).
    const env: NodeJS.ProcessEnv = { ...process.env, [TOKEN_ENV]: TOKEN, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_CACHE_HOME: join(dir, 'cache') };
    for (const name of ['HOOKWIRE_CONFIG', 'HOOKWIRE_ORG_CONFIG', 'CLAUDE_PROJECT_DIR', 'HOOKWIRE_BRIDGE_DEPTH']) delete env[name];
    const replicas = await Promise.all(
      [1, 2, 3].map(() => startServe(['--bundle', bundleServer!.url, '--bundle-key', pub, '--bundle-poll', String(POLL_SECONDS), '--token-env', TOKEN_ENV, '--max-inflight', '1024'], env, { cwd: dir })),
    );
    for (const replica of replicas) {
      const ready = await fetch(`${replica.url}/readyz`);
      expect(ready.status, `${replica.url}/readyz: ${await ready.clone().text()}`).toBe(200);
      expect(await activeRevision(replica)).toBe('rev-1');
    }
    const backends = replicas.map((replica, i) => ({ name: `r${i + 1}`, url: replica.url }));
    const lbDir = join(dir, 'haproxy');
    const promDir = join(dir, 'prometheus');
    mkdirSync(lbDir);
    mkdirSync(promDir);
    const started = await Promise.allSettled([
      startHaproxy(lbDir, { backends, checkPath: '/readyz', checkIntervalMs: 500 }).then((child) => (haproxy = child)),
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

    const load = (running = startLoad(lb.url, cases(dir), { workers: Math.max(4, cpus().length * 2), headers: AUTH, maxMs: 60_000, maxRequests: 200_000 }));
    // Lets the load run for at least `ms` and `answers` more answers (a slower machine takes longer, up to 15 s).
    const loadFor = async (ms: number, answers: number) => {
      const [from, count] = [performance.now(), load.answered()];
      while ((performance.now() - from < ms || load.answered() - count < answers) && performance.now() - from < 15_000) await wait(50);
    };
    await loadFor(1_500, 100);

    // (a) A new bundle mid-load: every replica is on it within two poll intervals.
    const rev2 = signedBundle(dir, priv, 'rev-2', { hooks: [RECOMMENDED, TEAM] }, { 'team-pack.json': TEAM_PACK });
    const publishedAt = performance.now();
    published = rev2;
    const reachedAfter: Record<string, number> = {};
    while (Object.keys(reachedAfter).length < replicas.length && performance.now() - publishedAt < 4 * POLL_SECONDS * 1000) {
      for (const [i, replica] of replicas.entries()) {
        if (reachedAfter[`r${i + 1}`] === undefined && (await activeRevision(replica)) === 'rev-2') reachedAfter[`r${i + 1}`] = Math.round(performance.now() - publishedAt);
      }
      await wait(50);
    }
    expect(Object.keys(reachedAfter).sort(), `replicas on rev-2 after ${4 * POLL_SECONDS} s: ${JSON.stringify(reachedAfter)}`).toEqual(['r1', 'r2', 'r3']);
    for (const [name, ms] of Object.entries(reachedAfter)) expect(ms, `${name} reached rev-2 after ${ms} ms; the poll is ${POLL_SECONDS} s`).toBeLessThanOrEqual(2 * POLL_SECONDS * 1000);
    const allOnRev2 = Math.round(publishedAt - load.started + Math.max(...Object.values(reachedAfter)));
    await expect
      .poll(async () => (await prom.query('hookwire_bundle_info{job="hookwire-serve"}')).map((row) => row.labels.revision), { timeout: 10_000, interval: 250 })
      .toEqual(['rev-2', 'rev-2', 'rev-2']);
    await loadFor(1_000, 100);

    // (b) One replica SIGKILLed mid-load: HAProxy retries its requests on the others.
    const killedAt = Math.round(performance.now() - load.started);
    replicas[1]!.child.kill('SIGKILL');
    await replicas[1]!.exited;
    const answeredAtKill = load.answered();
    await expect.poll(async () => (await lb.serverStates()).r2, { timeout: 10_000, interval: 100 }).toMatch(/^DOWN/);
    // The load goes on on the two others.
    await loadFor(2_000, 200 - (load.answered() - answeredAtKill));
    const result = await load.stop();
    running = undefined;

    expect(result.failures.slice(0, 10), `${result.failures.length} of ${result.sent} requests failed (the first ten shown)`).toEqual([]);
    expect(result.answered).toBe(result.sent);
    // Every /v1/dispatch answer names the revision that made it: rev-1 until the publication, rev-2
    // a second after every replica reported it (answers in flight across the swap may name either).
    const publishedAtMs = Math.round(publishedAt - load.started);
    const wrongRevision = result.revisions.filter(({ at, revision }) => (at < publishedAtMs && revision !== 'rev-1') || (at > allOnRev2 + 1_000 && revision !== 'rev-2') || (revision !== 'rev-1' && revision !== 'rev-2'));
    expect(wrongRevision.slice(0, 10), `${wrongRevision.length} answers named the wrong revision (published at ${publishedAtMs} ms, all replicas on rev-2 at ${allOnRev2} ms)`).toEqual([]);
    expect(result.revisions.filter(({ revision }) => revision === 'rev-1').length, 'answers by rev-1').toBeGreaterThan(0);
    expect(result.revisions.filter(({ revision }) => revision === 'rev-2').length, 'answers by rev-2').toBeGreaterThan(0);
    // The kill was felt and absorbed: HAProxy retried or redispatched requests that r2 could not answer.
    const backend = (await lb.stats()).BACKEND!;
    expect(Number(backend.wretr) + Number(backend.wredis), `HAProxy's retries (${backend.wretr}) and redispatches (${backend.wredis})`).toBeGreaterThan(0);
    const before = result.answeredAt.filter((at) => at < killedAt).length;
    const after = result.answeredAt.length - before;
    expect(before, 'answers before the kill').toBeGreaterThanOrEqual(200);
    expect(after, 'answers after the kill').toBeGreaterThanOrEqual(200);

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
