import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { waitUntil } from '@hookwire/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBundle, serializeBundle, signBundle } from '../../src/bundle/format.js';
import { cleanupSidecars, runHookwire, startSidecar, tempDir } from '../sidecar.js';
import { killServes, post, refusedServe, request, startServe, type ServeProcess } from './serve-process.js';

afterEach(async () => {
  await killServes();
  await cleanupSidecars();
});

/** The poll every test here uses (seconds): a new revision must be active within two of them. */
const POLL = 1;

const BASH = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, session_id: 's', cwd: '/' };

/**
 * A policy folder and two key pairs. `build(revision)` writes a bundle whose Bash guard (a script
 * beside the config, `$HOOKWIRE_CONFIG_DIR/guard.sh`) denies saying its revision — so an answer
 * shows which revision's files ran — signed by the organisation's key, another key, or none.
 */
async function policy(options: { guardSleep?: number } = {}) {
  const dir = await tempDir();
  mkdirSync(join(dir, 'policy'));
  for (const name of ['org', 'other']) {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(join(dir, `${name}.pub.pem`), publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(join(dir, `${name}.pem`), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  }
  const build = async (revision: string, signer: 'org' | 'other' | 'none' = 'org'): Promise<Buffer> => {
    writeFileSync(join(dir, 'policy/.hookwire.json'), JSON.stringify({ hooks: [{ id: 'org-guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'sh "$HOOKWIRE_CONFIG_DIR/guard.sh"' }] }));
    const sleep = options.guardSleep === undefined ? '' : `sleep ${options.guardSleep}\n`;
    writeFileSync(join(dir, 'policy/guard.sh'), `#!/bin/sh\n${sleep}echo "${revision} forbids this" >&2\nexit 2\n`);
    chmodSync(join(dir, 'policy/guard.sh'), 0o755);
    const out = join(dir, `${revision}.bundle.json`);
    expect(await runHookwire(['bundle', 'build', join(dir, 'policy'), '--out', out, '--revision', revision])).toMatchObject({ code: 0 });
    if (signer !== 'none') expect(await runHookwire(['bundle', 'sign', out, '--key', join(dir, `${signer}.pem`)])).toMatchObject({ code: 0 });
    return readFileSync(out);
  };
  /** A signed bundle whose guard was changed afterwards to let everything through. */
  const tamper = (bundle: Buffer): Buffer => {
    const parsed = JSON.parse(bundle.toString('utf8')) as { files: Record<string, string> };
    parsed.files['guard.sh'] = Buffer.from('#!/bin/sh\nexit 0\n').toString('base64');
    return Buffer.from(JSON.stringify(parsed));
  };
  /** A bundle signed by the organisation's key whose config this hookwire cannot load (a key a newer one might know): `bundle build` would refuse it, so it is made with the format's own functions. */
  const unloadable = (revision: string): Buffer => {
    const config = Buffer.from(JSON.stringify({ hooks: [], futureSetting: true }));
    const { bundle } = makeBundle([{ path: '.hookwire.json', bytes: config, executable: false }], revision);
    return Buffer.from(serializeBundle(signBundle(bundle, createPrivateKey(readFileSync(join(dir, 'org.pem'))))));
  };
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_CACHE_HOME: join(dir, 'cache') };
  for (const name of ['HOOKWIRE_CONFIG', 'HOOKWIRE_ORG_CONFIG', 'CLAUDE_PROJECT_DIR', 'HOOKWIRE_BRIDGE_DEPTH']) delete env[name];
  return { dir, pub: join(dir, 'org.pub.pem'), build, tamper, unloadable, env };
}

/** A real HTTP server publishing one bundle with a strong ETag, answering 304 to If-None-Match; `hang` makes it never answer. */
async function bundleServer() {
  let body: Buffer | undefined;
  let etag = '';
  let hang = false;
  const seen: { ifNoneMatch: string | undefined; status: number }[] = [];
  const server: Server = createServer((req, res) => {
    if (hang) return; // holds the connection open and says nothing
    const ifNoneMatch = req.headers['if-none-match'];
    const status = body === undefined ? 404 : ifNoneMatch === etag ? 304 : 200;
    seen.push({ ifNoneMatch, status });
    if (status === 200) res.writeHead(200, { etag, 'content-type': 'application/json' }).end(body);
    else res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/policy.bundle.json`,
    seen,
    publish(bytes: Buffer, tag: string) {
      body = bytes;
      etag = `"${tag}"`;
      hang = false;
    },
    hang() {
      hang = true;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function status(serve: ServeProcess): Promise<{ ready: boolean; bundle: { active?: { revision: string }; lastCheck?: { result: string; reason?: string; error?: string }; activations: number; checks: Record<string, number>; failures: Record<string, number> } }> {
  return (await request(`${serve.url}/healthz`)).json() as never;
}

/** One sample of a metric from serve's /metrics (the whole line's value), or undefined. */
async function metric(serve: ServeProcess, series: string): Promise<number | undefined> {
  const text = (await request(`${serve.url}/metrics`)).text;
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Polls an async condition (every 50 ms) until it holds or `withinMs` passes: the elapsed ms, or undefined. */
async function within(withinMs: number, condition: () => Promise<boolean>): Promise<number | undefined> {
  const start = performance.now();
  while (performance.now() - start < withinMs) {
    if (await condition()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

const deny = async (serve: ServeProcess) => (await post(`${serve.url}/hooks/claude`, BASH)).json() as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } };

const logLines = (serve: ServeProcess) =>
  serve
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string; bundle?: { revision?: string; reason?: string; error?: string; active?: string | null } });

describe('serve --bundle: a polled, signed policy bundle as the organisation layer', () => {
  it('activates a good bundle, asks If-None-Match (304), takes a new revision within two poll intervals, refuses tampered, unsigned and wrong-key bundles and a hanging server while the old one keeps denying', async () => {
    const { dir, pub, build, tamper, env } = await policy();
    const http = await bundleServer();
    try {
      http.publish(await build('r1'), 'r1');
      // Left by a serve that was killed: removed when the next one starts.
      const polled = join(dir, 'cache/hookwire/polled');
      mkdirSync(join(polled, 'hookwire-bundle-999999999-gone/0123456789abcdef'), { recursive: true });
      const log = join(dir, 'audit.jsonl');
      const serve = await startServe(['--bundle', http.url, '--bundle-key', pub, '--bundle-poll', String(POLL), '--log', log], env, { cwd: dir });

      // Activated before listening: ready, and the organisation's guard denies.
      expect((await request(`${serve.url}/readyz`)).json()).toEqual({ ok: true, ready: true, bundle: 'r1' });
      expect(await status(serve)).toMatchObject({ ready: true, bundle: { active: { revision: 'r1' }, activations: 1, lastCheck: { result: 'activated' } } });
      expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: 'r1 forbids this' });
      expect((await post(`${serve.url}/v1/dispatch`, { event: 'PreToolUse', payload: BASH })).json()).toMatchObject({ ok: true, outcome: { decision: 'deny' }, bundle: 'r1' });

      // Nothing new: the poll asks If-None-Match with r1's ETag and gets a 304.
      expect(await within(3 * POLL * 1000, async () => http.seen.some((s) => s.ifNoneMatch === '"r1"' && s.status === 304) && ((await metric(serve, 'hookwire_bundle_checks_total{result="unchanged"}')) ?? 0) >= 1)).toBeDefined();
      expect(await metric(serve, 'hookwire_bundle_activations_total')).toBe(1);

      // A new revision is active within two poll intervals, and answers name it.
      http.publish(await build('r2'), 'r2');
      const took = await within(4 * POLL * 1000, async () => (await status(serve)).bundle.active?.revision === 'r2');
      expect(took).toBeDefined();
      expect(took!).toBeLessThan(2 * POLL * 1000);
      expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecisionReason: 'r2 forbids this' });
      expect(await metric(serve, 'hookwire_bundle_info{revision="r2",keyid="' + (await status(serve) as unknown as { bundle: { active: { keyid: string } } }).bundle.active.keyid + '"}')).toBe(1);

      // Each bad bundle is refused, named in /healthz, /metrics and the log; r2 keeps denying.
      const refusals: [Buffer, string, RegExp][] = [
        [tamper(await build('r3')), 'r3-tampered', /is refused: modified file "guard\.sh"/],
        [await build('r4', 'none'), 'r4-unsigned', /is refused: the bundle is not signed/],
        [await build('r5', 'other'), 'r5-other-key', /is refused: no signature by the given key sha256:[0-9a-f]{64}: the bundle is signed by unknown key id\(s\)/],
      ];
      for (const [bytes, tag, why] of refusals) {
        const before = (await status(serve)).bundle.failures.verify!;
        http.publish(bytes, tag);
        expect(await within(4 * POLL * 1000, async () => (await status(serve)).bundle.failures.verify! > before)).toBeDefined();
        const now = await status(serve);
        expect(now).toMatchObject({ ready: true, bundle: { active: { revision: 'r2' }, lastCheck: { result: 'failed', reason: 'verify' } } });
        expect(now.bundle.lastCheck!.error).toMatch(why);
        expect(await metric(serve, 'hookwire_bundle_failures_total{reason="verify"}')).toBeGreaterThan(before);
        expect(logLines(serve).some((line) => line.level === 'error' && line.msg === 'policy bundle not activated; the one in force stays' && line.bundle?.reason === 'verify' && why.test(line.bundle.error ?? '') && line.bundle.active === 'r2')).toBe(true);
        expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: 'r2 forbids this' });
      }

      // A server that never answers: each check gives up after its timeout, and dispatches never wait for it.
      http.hang();
      const slowest = { ms: 0 };
      const timedOut = await within(6 * POLL * 1000, async () => {
        const start = performance.now();
        expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecisionReason: 'r2 forbids this' });
        slowest.ms = Math.max(slowest.ms, performance.now() - start);
        return ((await metric(serve, 'hookwire_bundle_failures_total{reason="timeout"}')) ?? 0) >= 1;
      });
      expect(timedOut).toBeDefined();
      expect(slowest.ms).toBeLessThan(POLL * 1000 / 2);
      expect((await status(serve)).bundle).toMatchObject({ active: { revision: 'r2' }, lastCheck: { result: 'failed', reason: 'timeout', error: expect.stringMatching(/no complete answer within 1 s/) } });

      // The server comes back with a good bundle: it is activated.
      http.publish(await build('r6'), 'r6');
      expect(await within(4 * POLL * 1000, async () => (await status(serve)).bundle.active?.revision === 'r6')).toBeDefined();
      expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecisionReason: 'r6 forbids this' });
      // Extracted in the user's cache folder: the active revision and the one before it, nothing else.
      const [own, ...others] = readdirSync(polled);
      expect(others).toEqual([]);
      expect(own).toMatch(new RegExp(`^hookwire-bundle-${serve.child.pid}-`));
      expect(readdirSync(join(polled, own!))).toHaveLength(2);

      expect(await serve.stop()).toEqual({ code: 0, signal: null });
      expect(readdirSync(polled)).toEqual([]);
      // One log line per activation; every decision record names the revision that made it.
      expect(logLines(serve).filter((line) => line.msg === 'policy bundle activated').map((line) => line.bundle?.revision)).toEqual(['r1', 'r2', 'r6']);
      const records = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { bundle?: string; runs: { outcome: { reason?: string } }[] });
      expect(records.length).toBeGreaterThan(5);
      for (const record of records) expect(record.runs[0]!.outcome.reason).toBe(`${record.bundle} forbids this`);
    } finally {
      await http.close();
    }
  });

  it('starts not ready when no bundle can be had: /readyz and dispatches answer 503, /healthz 200 with the failure, until a good one is published', async () => {
    const { pub, build, env, dir } = await policy();
    const http = await bundleServer();
    try {
      const serve = await startServe(['--bundle', http.url, '--bundle-key', pub, '--bundle-poll', String(POLL)], env, { cwd: dir });
      const ready = await request(`${serve.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.json()).toEqual({ ok: false, ready: false, error: expect.stringMatching(/^no verified policy bundle is active yet \(the last check failed: cannot download http:\/\/127\.0\.0\.1:\d+\/policy\.bundle\.json: HTTP 404\)$/) });
      const health = await request(`${serve.url}/healthz`);
      expect(health.status).toBe(200);
      expect(health.json()).toMatchObject({ ok: true, ready: false, bundle: { lastCheck: { result: 'failed', reason: 'download' }, failures: { download: 1 } } });
      expect(health.json().bundle).not.toHaveProperty('active');
      for (const route of ['/hooks/claude', '/v1/dispatch']) {
        const refused = await post(`${serve.url}${route}`, route === '/v1/dispatch' ? { event: 'PreToolUse', payload: BASH } : BASH);
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('1');
        expect(refused.json().error).toMatch(/^no verified policy bundle is active yet/);
      }
      expect(await metric(serve, 'hookwire_bundle_ready')).toBe(0);

      http.publish(await build('r1'), 'r1');
      expect(await within(4 * POLL * 1000, async () => (await request(`${serve.url}/readyz`)).status === 200)).toBeDefined();
      expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: 'r1 forbids this' });
      expect(await metric(serve, 'hookwire_bundle_ready')).toBe(1);
    } finally {
      await http.close();
    }
  });

  it('a bundle server that hangs at start holds the start for at most 5 s, even with a long interval: serve listens, not ready', async () => {
    const { pub, env, dir } = await policy();
    const http = await bundleServer();
    http.hang();
    try {
      const started = performance.now();
      const serve = await startServe(['--bundle', http.url, '--bundle-key', pub, '--bundle-poll', '600'], env, { cwd: dir });
      const took = performance.now() - started;
      expect(took).toBeGreaterThan(4_500);
      expect(took).toBeLessThan(9_000);
      expect((await request(`${serve.url}/readyz`)).status).toBe(503);
      expect((await status(serve)).bundle).toMatchObject({ lastCheck: { result: 'failed', reason: 'timeout', error: expect.stringMatching(/no complete answer within 5 s/) } });
    } finally {
      await http.close();
    }
  });

  it('a bundle file replaced on disk is activated; one rewritten with garbage, one whose config does not load, and a removed file are refused while the old one keeps denying', async () => {
    const { dir, pub, build, unloadable, env } = await policy();
    const file = join(dir, 'published.bundle.json');
    writeFileSync(file, await build('r1'));
    const serve = await startServe(['--bundle', file, '--bundle-key', pub, '--bundle-poll', String(POLL)], env, { cwd: dir });
    expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecisionReason: 'r1 forbids this' });
    expect(await within(3 * POLL * 1000, async () => ((await metric(serve, 'hookwire_bundle_checks_total{result="unchanged"}')) ?? 0) >= 1)).toBeDefined();

    // Replaced as a publisher should: written beside it, renamed over it.
    writeFileSync(`${file}.tmp`, await build('r2'));
    renameSync(`${file}.tmp`, file);
    const took = await within(4 * POLL * 1000, async () => (await status(serve)).bundle.active?.revision === 'r2');
    expect(took).toBeDefined();
    expect(took!).toBeLessThan(2 * POLL * 1000);
    expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecisionReason: 'r2 forbids this' });

    // Rewritten in place with something that is not a bundle.
    writeFileSync(file, '{"hookwireBundle": 1, "envelope": ');
    expect(await within(4 * POLL * 1000, async () => (await status(serve)).bundle.failures.verify! >= 1)).toBeDefined();
    expect((await status(serve)).bundle).toMatchObject({ active: { revision: 'r2' }, lastCheck: { result: 'failed', reason: 'verify', error: expect.stringMatching(/is refused: not a bundle: not valid JSON/) } });
    expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecisionReason: 'r2 forbids this' });

    // Signed and verified, but its config does not load here: not activated either.
    writeFileSync(`${file}.tmp`, unloadable('r3'));
    renameSync(`${file}.tmp`, file);
    expect(await within(4 * POLL * 1000, async () => (await status(serve)).bundle.failures.load! >= 1)).toBeDefined();
    expect((await status(serve)).bundle).toMatchObject({ active: { revision: 'r2' }, lastCheck: { result: 'failed', reason: 'load', error: expect.stringMatching(/^revision r3 from .* does not load: config has 1 error; first: \/futureSetting: /) } });
    expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecisionReason: 'r2 forbids this' });

    // Removed: a download failure, the old one stays.
    renameSync(file, `${file}.gone`);
    expect(await within(4 * POLL * 1000, async () => (await status(serve)).bundle.failures.download! >= 1)).toBeDefined();
    expect((await status(serve)).bundle.lastCheck!.error).toBe(`cannot read ${file}: ENOENT`);
    expect((await deny(serve)).hookSpecificOutput).toMatchObject({ permissionDecisionReason: 'r2 forbids this' });
  });

  it('a dispatch that began on one revision finishes on it and is recorded with it, while a new revision is swapped in', async () => {
    const { dir, pub, build, env } = await policy({ guardSleep: 1.5 });
    const file = join(dir, 'published.bundle.json');
    writeFileSync(file, await build('r1'));
    const log = join(dir, 'audit.jsonl');
    const serve = await startServe(['--bundle', file, '--bundle-key', pub, '--bundle-poll', String(POLL), '--log', log], env, { cwd: dir });
    const r2 = await build('r2');
    const first = post(`${serve.url}/v1/dispatch`, { event: 'PreToolUse', payload: BASH });
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeFileSync(`${file}.tmp`, r2);
    renameSync(`${file}.tmp`, file);
    expect(await within(4 * POLL * 1000, async () => (await status(serve)).bundle.active?.revision === 'r2')).toBeDefined();
    const second = await post(`${serve.url}/v1/dispatch`, { event: 'PreToolUse', payload: BASH });
    const begun = (await first).json() as { bundle: string; runs: { outcome: { reason: string } }[] };
    expect(begun).toMatchObject({ bundle: 'r1', runs: [{ outcome: { reason: 'r1 forbids this' } }] });
    expect(second.json()).toMatchObject({ bundle: 'r2', runs: [{ outcome: { reason: 'r2 forbids this' } }] });
    await serve.stop();
    const records = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { bundle: string; runs: { outcome: { reason: string } }[] });
    expect(records.map((record) => [record.bundle, record.runs[0]!.outcome.reason]).sort()).toEqual([
      ['r1', 'r1 forbids this'],
      ['r2', 'r2 forbids this'],
    ]);
  });

  it('refuses a bad command line: --bundle without --bundle-key, a key without --bundle, a bad interval, --org-config beside it, an unreadable key', async () => {
    const { dir, pub, env } = await policy();
    const cases: [string[], RegExp][] = [
      [['--bundle', 'x.json'], /^hookwire serve: --bundle needs --bundle-key PUBLIC\.pem: a bundle is activated only with a valid signature by that key\n/],
      [['--bundle-key', pub], /^hookwire serve: --bundle-key needs --bundle URL\|PATH\n/],
      [['--bundle', 'x.json', '--bundle-key', pub, '--bundle-poll', '0'], /^hookwire serve: --bundle-poll must be a number of seconds from 0\.1 to 86400, received "0"\n/],
      [['--bundle', 'x.json', '--bundle-key', pub, '--bundle-poll', 'soon'], /^hookwire serve: --bundle-poll must be a number of seconds from 0\.1 to 86400, received "soon"\n/],
      [['--bundle', 'x.json', '--bundle-key', pub, '--org-config', 'org.json'], /^hookwire serve: --bundle and --org-config both name the organisation layer: give one\n/],
      [['--bundle', 'x.json', '--bundle-key', join(dir, 'none.pem')], /^hookwire serve: cannot read the key .*none\.pem: ENOENT\n$/],
    ];
    for (const [args, message] of cases) {
      const refused = await refusedServe(args, env, { cwd: dir });
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toMatch(message);
    }
  });
});

describe('listen --bundle', () => {
  it('answers with the revision that made each decision, takes a replaced bundle, logs each activation and refusal, and answers "not ready" before any bundle', async () => {
    const { dir, pub, build, env } = await policy();
    const file = join(dir, 'published.bundle.json');
    writeFileSync(file, await build('r1'));
    const sidecar = startSidecar(['listen', '--bundle', file, '--bundle-key', pub, '--bundle-poll', String(POLL)], env);
    expect(await sidecar.ask({ id: 1, op: 'dispatch', event: 'PreToolUse', payload: BASH })).toMatchObject({ ok: true, id: 1, outcome: { decision: 'deny', reason: 'r1 forbids this' }, bundle: 'r1' });

    writeFileSync(`${file}.tmp`, await build('r2'));
    renameSync(`${file}.tmp`, file);
    let id = 2;
    const took = await within(4 * POLL * 1000, async () => (await sidecar.ask({ id: id++, op: 'dispatch', event: 'PreToolUse', payload: BASH })).bundle === 'r2');
    expect(took).toBeDefined();
    expect(await sidecar.ask({ id: 100, op: 'dispatch', event: 'PreToolUse', payload: BASH })).toMatchObject({ outcome: { decision: 'deny', reason: 'r2 forbids this' }, bundle: 'r2' });

    writeFileSync(file, 'not a bundle');
    expect(await waitUntil(() => sidecar.stderr().includes('"reason":"verify"'), 4 * POLL * 1000)).toBe(true);
    expect(await sidecar.ask({ id: 101, op: 'dispatch', event: 'PreToolUse', payload: BASH })).toMatchObject({ outcome: { decision: 'deny', reason: 'r2 forbids this' }, bundle: 'r2' });
    const lines = sidecar
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; bundle?: { revision?: string; reason?: string } });
    expect(lines.filter((line) => line.msg === 'policy bundle activated').map((line) => line.bundle?.revision)).toEqual(['r1', 'r2']);
    expect(lines.find((line) => line.msg === 'policy bundle not activated; the one in force stays')?.bundle).toMatchObject({ reason: 'verify', error: expect.stringMatching(/is refused: not a bundle/), active: 'r2' });

    // A sidecar whose bundle cannot be had yet answers every dispatch with why, and serves once one is published.
    const later = join(dir, 'later.bundle.json');
    const waiting = startSidecar(['listen', '--bundle', later, '--bundle-key', pub, '--bundle-poll', String(POLL)], env);
    expect(await waiting.ask({ id: 1, op: 'dispatch', event: 'PreToolUse', payload: BASH })).toEqual({ ok: false, id: 1, error: `no verified policy bundle is active yet (the last check failed: cannot read ${later}: ENOENT)` });
    expect(await waiting.ask({ id: 2, op: 'ping' })).toMatchObject({ ok: true, pong: true });
    writeFileSync(later, await build('r3'));
    let next = 3;
    expect(await within(4 * POLL * 1000, async () => (await waiting.ask({ id: next++, op: 'dispatch', event: 'PreToolUse', payload: BASH })).bundle === 'r3')).toBeDefined();
  });
});

describe('hookwire_fail_open_total', () => {
  it('counts each hook failure that let the action through (onError warn or ignore), not one under block, nor one in a dispatch that denied', async () => {
    const dir = await tempDir();
    const config = join(dir, 'hookwire.json');
    writeFileSync(
      config,
      JSON.stringify({
        hooks: [
          { id: 'slow-warn', event: 'PreToolUse', matcher: 'Read', type: 'command', command: 'exec sleep 5', timeout: 0.2, onError: 'warn' },
          { id: 'slow-ignore', event: 'PreToolUse', matcher: 'Read', type: 'command', command: 'exec sleep 5', timeout: 0.2, onError: 'ignore' },
          { id: 'slow-block', event: 'PreToolUse', matcher: 'Write', type: 'command', command: 'exec sleep 5', timeout: 0.2, onError: 'block' },
          { id: 'slow-warn-denied', event: 'PreToolUse', matcher: 'Edit', type: 'command', command: 'exec sleep 5', timeout: 0.2, onError: 'warn' },
          { id: 'denier', event: 'PreToolUse', matcher: 'Edit', type: 'command', command: 'echo no >&2; exit 2' },
        ],
      }),
    );
    const env = { ...process.env, XDG_CONFIG_HOME: join(dir, 'none') };
    const serve = await startServe(['--config', config], env, { cwd: dir });
    const tool = (tool_name: string) => post(`${serve.url}/v1/dispatch`, { event: 'PreToolUse', payload: { tool_name, tool_input: { file_path: '/x' }, cwd: '/' } });
    expect((await tool('Read')).json()).toMatchObject({ outcome: { decision: 'none' } });
    expect((await tool('Read')).json()).toMatchObject({ outcome: { decision: 'none' } });
    expect((await tool('Write')).json()).toMatchObject({ outcome: { decision: 'deny' } });
    expect((await tool('Edit')).json()).toMatchObject({ outcome: { decision: 'deny' } });
    const text = (await request(`${serve.url}/metrics`)).text;
    const series = text.split('\n').filter((line) => line.startsWith('hookwire_fail_open_total{'));
    expect(series.sort()).toEqual(['hookwire_fail_open_total{kind="shell",failure="timeout",on_error="ignore"} 2', 'hookwire_fail_open_total{kind="shell",failure="timeout",on_error="warn"} 2']);
    expect(text).toContain('# TYPE hookwire_fail_open_total counter');
  });
});
