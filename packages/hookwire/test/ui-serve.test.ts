import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { LineClient } from '@hookwire/test-utils';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startUiProcess } from './browser.js';
import { cleanupSidecars, runHookwire, tempDir, writeConfig } from './sidecar.js';
import { killServes, post, request, startServe } from './serve/serve-process.js';

const TOKEN = 'serve-token-for-the-ui-test-1234';
/** A secret the config lets into a webhook's headers: serve's stream redacts it wherever a record holds it (the payload, a rule's reason quoting the command), as the audit log does. */
const SECRET = 's3cr3t-serve-value-0815';

let context: BrowserContext;
const running: LineClient[] = [];

beforeAll(async () => {
  context = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await context?.close();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((client) => client.kill()));
  await killServes();
  await cleanupSidecars();
});

const HOOKS = [
  { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'rule', when: "c.program == 'curl'", for: 'command', decision: 'deny', reason: 'no curl here' },
  { id: 'notify', event: 'PreToolUse', matcher: 'Bash', type: 'http', url: 'http://127.0.0.1:9/hook', headers: { authorization: 'Bearer $UI_TEST_SECRET' }, allowedEnvVars: ['UI_TEST_SECRET'], timeout: 2 },
];

function bash(dir: string, command: string, session = 's1'): Record<string, unknown> {
  return { session_id: session, cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } };
}

/** Starts the real `hookwire ui --serve URL --token-env NAME --no-open`; resolves the URL it prints. */
function startUi(serveUrl: string, token = TOKEN): ReturnType<typeof startUiProcess> {
  return startUiProcess(['--serve', serveUrl, '--token-env', 'UI_SERVE_TOKEN'], running, { ...process.env, UI_SERVE_TOKEN: token });
}

const rows = (page: Page) => page.locator('#timeline tbody tr');

/** Resolves, in the page, the time (Date.now) at which the timeline first has `count` rows. */
function rowsAt(page: Page, count: number): Promise<number> {
  // Run in the page (a string: this file is type-checked without the DOM's types).
  return page.evaluate(`new Promise((resolve) => {
    const body = document.querySelector('#timeline tbody');
    if (body.children.length >= ${count}) return resolve(Date.now());
    const observer = new MutationObserver(() => {
      if (body.children.length >= ${count}) {
        observer.disconnect();
        resolve(Date.now());
      }
    });
    observer.observe(body, { childList: true });
  })`);
}

describe('hookwire ui --serve in Chromium', () => {
  it("shows a running serve's decisions as they are made, each within 500 ms of its dispatch, in full, with no secret", async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const server = await startServe(['--config', config, '--token-env', 'HW_SERVE_TOKEN'], { ...process.env, HW_SERVE_TOKEN: TOKEN, UI_TEST_SECRET: SECRET });
    const { url } = await startUi(server.url);
    const page = await context.newPage();
    const bodies: string[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/events')) void response.text().then((text) => bodies.push(text), () => {});
    });
    await page.goto(url);
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 10_000 }).toBe('live');
    expect(await rows(page).count()).toBe(0);

    // Two times per decision: from the end of its dispatch (the record's ts: the decision made) to
    // the row on screen, which must be under 500 ms; and from the moment the event was sent to serve
    // (the hooks' run included: a first dispatch loads serve's rule engine), printed.
    const lags: { made: number; sent: number }[] = [];
    for (const [n, command] of [[1, `ls ${SECRET}`], [2, `curl -H "x: ${SECRET}" https://example.invalid`], [3, 'pwd']] as const) {
      const shown = rowsAt(page, n);
      const sent = Date.now();
      const answer = await post(`${server.url}/hooks/claude`, bash(dir, command), { authorization: `Bearer ${TOKEN}` });
      expect(answer.status).toBe(200);
      const at = await shown;
      const full = (await (await fetch(`${new URL(url).origin}/api/entry/${n}?token=${new URL(url).searchParams.get('token')}`)).json()) as { record: { ts: string } };
      lags.push({ made: at - Date.parse(full.record.ts), sent: at - sent });
    }
    process.stderr.write(`hookwire ui --serve: decisions on screen ${lags.map((lag) => `${lag.made} ms`).join(', ')} after they were made (${lags.map((lag) => `${lag.sent} ms`).join(', ')} after the event was sent to serve)\n`);
    for (const lag of lags) expect(lag.made).toBeLessThan(500);
    expect(await rows(page).first().locator('td').allTextContents()).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/), '#3', 'claude', 'PreToolUse', 'Bash', 'none', '', '']);
    expect(await rows(page).nth(1).locator('td').allTextContents()).toEqual([expect.any(String), '#2', 'claude', 'PreToolUse', 'Bash', 'deny', 'guard (guard)', 'no curl here [hookwire rule guard, matched: curl -H "x: [redacted]" https://example.invalid]']);

    // A denial opens in full: the rule that fired, on what, from serve's record kept in memory.
    await rows(page).nth(1).click();
    await expect.poll(() => page.locator('#detail').textContent()).toContain('no curl here');
    const detail = (await page.locator('#detail').textContent()) ?? '';
    expect(detail).toContain('guard');
    expect(detail).toContain('curl');
    // The filters work over serve's decisions as over a log's.
    await page.selectOption('select[name="decision"]', 'deny');
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('#2')]);
    for (const body of bodies) expect(body).not.toContain(SECRET);
    expect(await page.content()).not.toContain(SECRET);
    await page.close();
  });

  it('starts over when serve is restarted, and takes up its decisions again', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS.slice(0, 1) });
    const env = { ...process.env, HW_SERVE_TOKEN: TOKEN };
    const first = await startServe(['--config', config, '--token-env', 'HW_SERVE_TOKEN'], env);
    const port = new URL(first.url).port;
    const { url, stderr } = await startUi(first.url);
    const page = await context.newPage();
    await page.goto(url);
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 10_000 }).toBe('live');
    await post(`${first.url}/hooks/claude`, bash(dir, 'curl a'), { authorization: `Bearer ${TOKEN}` });
    await post(`${first.url}/hooks/claude`, bash(dir, 'ls'), { authorization: `Bearer ${TOKEN}` });
    await expect.poll(() => rows(page).count(), { timeout: 5_000 }).toBe(2);
    await first.stop();
    await expect.poll(() => stderr.join(''), { timeout: 5_000 }).toMatch(/cannot follow http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED; trying again every 1 s|closed the stream; connecting again/);
    // The page says so too: a serve that cannot be followed is not "live".
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 5_000 }).toMatch(/^cannot follow http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED; trying again every 1 s$/);
    expect(await page.locator('#status').getAttribute('data-state')).toBe('reconnecting');
    const second = await startServe(['--config', config, '--token-env', 'HW_SERVE_TOKEN', '--port', port], env);
    // The page is told to start over (another serve, its own numbering), then shows the new serve's decisions.
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(0);
    await post(`${second.url}/hooks/claude`, bash(dir, 'curl b'), { authorization: `Bearer ${TOKEN}` });
    await expect.poll(() => rows(page).allTextContents(), { timeout: 5_000 }).toEqual([expect.stringContaining('#1')]);
    expect(await page.locator('#status').textContent()).toBe('live');
    await page.close();
  });
});

describe('hookwire ui with no flag, after hookwire init (issue 25: "a user runs npx hookwire ui ... and watches its tool calls appear")', () => {
  it("shows the decisions of init's bridge, live, from the config's auditLog, and a denial in full", async () => {
    const dir = await tempDir();
    const home = join(dir, 'home');
    const app = join(dir, 'app');
    await mkdir(join(app, '.git'), { recursive: true });
    await mkdir(home);
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
    for (const name of ['XDG_STATE_HOME', 'XDG_CACHE_HOME', 'HOOKWIRE_CONFIG', 'HOOKWIRE_ORG_CONFIG', 'CLAUDE_PROJECT_DIR', 'HOOKWIRE_BRIDGE_DEPTH']) delete env[name];
    expect((await runHookwire(['init', '--host', 'claude'], { cwd: app, env })).code).toBe(0);
    // The command init wrote into .claude/settings.json, as Claude Code runs it (from the project).
    const bridge = (command: string) => runHookwire(['run', '--budget', '110'], { input: JSON.stringify(bash(app, command)), cwd: app, env: { ...env, CLAUDE_PROJECT_DIR: app } });
    expect((await bridge('git status')).code).toBe(0);
    const { url, stderr } = await startUiProcess([], running, env, app);
    await expect.poll(() => stderr.join('')).toContain(`hookwire ui: reading ${join(home, '.local/state/hookwire/audit.jsonl')} (the config's auditLog)`);
    const page = await context.newPage();
    await page.goto(url);
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 10_000 }).toBe('live');
    await expect.poll(() => rows(page).count()).toBe(1);
    const shown = rowsAt(page, 2);
    expect((await bridge('git push --force origin main')).stdout).toContain('"permissionDecision":"deny"');
    await shown;
    expect(await rows(page).first().locator('td').allTextContents()).toEqual([expect.any(String), '#2', 'claude', 'PreToolUse', 'Bash', 'deny', 'recommended (git-push-force-protected)', expect.stringMatching(/^A forced push/)]);
    await rows(page).first().click();
    await expect.poll(() => page.locator('#detail').textContent()).toContain('git-push-force-protected');
    expect(await page.locator('#detail').textContent()).toContain('git push --force origin main');
    await page.close();
  });
});

describe('GET /v1/decisions on serve, and ui --serve\'s mistakes', () => {
  it('is refused without a token on serve, with a wrong token, and to any method but GET', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS.slice(0, 1) });
    const open = await startServe(['--config', config]);
    const refused = await request(`${open.url}/v1/decisions`);
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ ok: false, error: 'hookwire serve shows its decisions only when it was started with --token-env NAME (the viewer, hookwire ui --serve URL --token-env NAME, sends that token)' });
    const guarded = await startServe(['--config', config, '--token-env', 'HW_SERVE_TOKEN'], { ...process.env, HW_SERVE_TOKEN: TOKEN });
    expect((await request(`${guarded.url}/v1/decisions`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await request(`${guarded.url}/v1/decisions`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
    // With the token: the hello, then each decision as an event with its number.
    const controller = new AbortController();
    const response = await fetch(`${guarded.url}/v1/decisions`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await readUntil(/event: hello\n/);
    await post(`${guarded.url}/hooks/claude`, bash(dir, 'curl x'), { authorization: `Bearer ${TOKEN}` });
    await readUntil(/event: decision\ndata: .*\n\n/);
    const data = /id: 1\nevent: decision\ndata: (.*)\n\n/.exec(text)?.[1];
    expect(JSON.parse(data!) as Record<string, unknown>).toMatchObject({ v: 1, event: 'PreToolUse', subject: 'Bash', outcome: { decision: 'deny' }, payload: { tool_input: { command: 'curl x' } } });
    controller.abort();
  });

  it('ui --serve needs a URL, the token variable, and not --log as well', async () => {
    const usage = expect.stringContaining('Usage:\n  hookwire ui [--log FILE] [--serve URL --token-env NAME] [--port N] [--no-open]');
    expect(await runHookwire(['ui', '--serve', 'localhost:7000', '--no-open'])).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/^hookwire ui: --serve must be the http URL hookwire serve printed \(http:\/\/127\.0\.0\.1:PORT\), received "localhost:7000"\n/) });
    const noToken = await runHookwire(['ui', '--serve', 'http://127.0.0.1:7000', '--no-open']);
    expect(noToken).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/^hookwire ui: --serve needs --token-env NAME: the variable holding the token hookwire serve was started with/) });
    expect(noToken.stderr).toEqual(usage);
    const env = { ...process.env };
    delete env.UNSET_TOKEN_VAR;
    expect((await runHookwire(['ui', '--serve', 'http://127.0.0.1:7000', '--token-env', 'UNSET_TOKEN_VAR', '--no-open'], { env })).stderr).toMatch(/^hookwire ui: --token-env UNSET_TOKEN_VAR: that environment variable is not set or empty\n/);
    expect((await runHookwire(['ui', '--serve', 'http://127.0.0.1:7000', '--log', join('x.jsonl'), '--no-open'])).stderr).toMatch(/^hookwire ui: give --log FILE or --serve URL, not both/);
    expect((await runHookwire(['ui', '--token-env', 'X', '--no-open'])).stderr).toMatch(/^hookwire ui: --token-env goes with --serve URL/);
  });
});
