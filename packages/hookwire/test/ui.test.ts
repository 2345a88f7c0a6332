import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LineClient } from '@hookwire/test-utils';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startUiProcess } from './browser.js';
import { bareEnv, cleanupSidecars, runHookwire, tempDir, writeConfig } from './sidecar.js';

/** A secret the config lets into a webhook's headers: the audit log redacts it wherever the payload holds it. */
const SECRET = 's3cr3t-token-value-4711';

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
  await cleanupSidecars();
});

const HOOKS = [
  { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no curl with a token' >&2; exit 2" },
  // Fails (nothing listens there): recorded as a failed run; what matters is the secret it may send.
  { id: 'notify', event: 'PreToolUse', matcher: 'Bash', type: 'http', url: 'http://127.0.0.1:9/hook', headers: { authorization: 'Bearer $UI_TEST_TOKEN' }, allowedEnvVars: ['UI_TEST_TOKEN'], timeout: 2 },
];

async function dispatch(dir: string, config: string, log: string, tool: string, input: Record<string, unknown>, session = 's1'): Promise<void> {
  const payload = { session_id: session, transcript_path: join(dir, 't.jsonl'), cwd: dir, hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input };
  const end = await runHookwire(['run', '--config', config, '--log', log], { input: JSON.stringify(payload), cwd: dir, env: { ...bareEnv(dir), UI_TEST_TOKEN: SECRET } });
  expect(end.code).toBe(0);
}

/** Starts the real `hookwire ui --no-open` and resolves the URL it prints. */
function startUi(log: string): Promise<{ url: string; ui: LineClient }> {
  return startUiProcess(['--log', log], running);
}

const rows = (page: Page) => page.locator('#timeline tbody tr');

describe('hookwire ui in Chromium', () => {
  it('fills the timeline live, filters it, opens a decision in full, and never shows a secret of the log', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const log = join(dir, 'audit.jsonl');
    await dispatch(dir, config, log, 'Read', { file_path: 'README.md' });
    const { url } = await startUi(log);

    const page = await context.newPage();
    const bodies: string[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/events')) void response.text().then((text) => bodies.push(text), () => {});
    });
    const firstPaint = performance.now();
    await page.goto(url);
    await expect.poll(() => rows(page).count()).toBe(1);
    const paintMs = performance.now() - firstPaint;
    await expect.poll(() => page.locator('#status').textContent()).toBe('live');
    expect(await rows(page).first().textContent()).toContain('#1');

    // Live: a decision dispatched through the real bridge appears without a reload.
    await dispatch(dir, config, log, 'Bash', { command: `curl -H "Authorization: Bearer ${SECRET}" https://example.invalid` });
    const dispatched = performance.now();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
    const liveMs = performance.now() - dispatched;
    const newest = rows(page).first();
    expect(await newest.locator('td').allTextContents()).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/), '#2', 'claude', 'PreToolUse', 'Bash', 'deny', 'guard', 'no curl with a token']);
    await dispatch(dir, config, log, 'Read', { file_path: 'other.md' }, 's2');
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    expect(await page.locator('#count').textContent()).toBe('3 decisions');

    // Filters: decision, session, hook or rule, text; each narrows the timeline (and the live stream).
    await page.selectOption('select[name="decision"]', 'deny');
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('#2')]);
    expect(await page.locator('#count').textContent()).toBe('1 of 3 decisions match');
    await page.selectOption('select[name="decision"]', '');
    await page.fill('input[name="session"]', 's2');
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('#3')]);
    await page.fill('input[name="session"]', '');
    await page.fill('input[name="hook"]', 'notify');
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('#2')]);
    await page.fill('input[name="hook"]', '');
    await page.fill('input[name="text"]', 'other.md');
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('#3')]);
    // A new decision the filter does not match stays out; one it matches comes in live.
    await dispatch(dir, config, log, 'Bash', { command: 'ls' });
    await dispatch(dir, config, log, 'Read', { file_path: 'other.md' });
    await expect.poll(() => rows(page).allTextContents(), { timeout: 10_000 }).toEqual([expect.stringContaining('#5'), expect.stringContaining('#3')]);
    await page.fill('input[name="text"]', '');
    await expect.poll(() => rows(page).count()).toBe(5);

    // The overview: decisions per hour, and per hook its runs, decisions, failures and times.
    await page.click('#overview-toggle');
    await expect.poll(() => page.locator('#overview-hooks tbody tr').count()).toBe(2);
    const hooks = await page.locator('#overview-hooks tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(hooks).toEqual([
      ['guard', '2', 'deny 2', '', ...Array.from({ length: 4 }, () => expect.stringMatching(/^\d+\.\d$/))],
      ['notify', '2', 'none 2', 'http 2', ...Array.from({ length: 4 }, () => expect.stringMatching(/^\d+\.\d$/))],
    ]);
    const bars = await page.locator('#chart-hours rect').evaluateAll((rects) => rects.map((rect) => [rect.getAttribute('data-decision'), Number(rect.getAttribute('data-count'))] as const));
    const perDecision = (decision: string) => bars.filter(([d]) => d === decision).reduce((sum, [, n]) => sum + n, 0);
    expect([perDecision('deny'), perDecision('none'), bars.length]).toEqual([2, 3, expect.any(Number)]);
    // It follows the filters, and new decisions.
    await page.fill('input[name="hook"]', 'guard');
    await expect.poll(() => page.locator('#overview-hooks tbody tr').count()).toBe(2);
    await expect.poll(() => page.locator('#chart-hours rect').evaluateAll((rects) => rects.reduce((sum, rect) => sum + Number(rect.getAttribute('data-count')), 0))).toBe(2);
    await page.fill('input[name="hook"]', '');
    await expect.poll(() => rows(page).count()).toBe(5);

    // One decision in full: which hook decided and why, every hook's run, the payload as recorded.
    await rows(page).filter({ hasText: '#2' }).click();
    await expect.poll(() => page.locator('#detail-title').textContent()).toBe('#2 PreToolUse Bash — deny');
    const facts = await page.locator('#detail-facts').innerText();
    expect(facts).toMatch(/decided by\s+guard/);
    expect(facts).toMatch(/reason\s+no curl with a token/);
    expect(facts).toMatch(/config\s+sha256:[0-9a-f]{64}/);
    const runs = await page.locator('#detail-runs tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(runs).toEqual([
      ['*', 'guard', 'shell', 'deny', expect.stringMatching(/^\d+\.\d$/), '2', 'no curl with a token'],
      ['', 'notify', 'webhook', 'none [http]', expect.stringMatching(/^\d+\.\d$/), '', expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:9\/hook failed: ECONNREFUSED .*\(onError warn\)$/)],
    ]);
    const payload = await page.locator('#detail-payload').textContent();
    expect(JSON.parse(payload!)).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'curl -H "Authorization: Bearer [redacted]" https://example.invalid' } });

    // The docs' screenshot (docs/images/ui.png) is this page: HOOKWIRE_UI_SCREENSHOTS=docs/images writes it.
    const screenshots = process.env.HOOKWIRE_UI_SCREENSHOTS;
    if (screenshots !== undefined && screenshots !== '') {
      await page.setViewportSize({ width: 1400, height: 640 });
      await page.screenshot({ path: join(screenshots, 'ui.png') });
    }

    // No secret reached the page: not in what it shows, not in anything the server sent it.
    expect(await page.content()).not.toContain(SECRET);
    await expect.poll(() => bodies.length).toBeGreaterThanOrEqual(4);
    for (const body of bodies) expect(body).not.toContain(SECRET);
    process.stderr.write(`hookwire ui: first rows ${paintMs.toFixed(0)} ms after navigation; a dispatched decision on screen ${liveMs.toFixed(0)} ms after its bridge exited\n`);
  });

  it('replays the decisions shown against a draft config and shows which would change, side by side', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [HOOKS[0]] });
    const log = join(dir, 'audit.jsonl');
    await dispatch(dir, config, log, 'Bash', { command: 'ls' });
    await dispatch(dir, config, log, 'Read', { file_path: 'a.md' });
    await dispatch(dir, config, log, 'Bash', { command: 'pwd' });
    const { url } = await startUi(log);
    const page = await context.newPage();
    await page.goto(url);
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.click('#replay-toggle');

    // A draft with a mistake: the config's error, named, and nothing replayed.
    await page.fill('#replay-draft', JSON.stringify({ hooks: [{ id: 'guard', event: 'PreTooluse', type: 'command', command: 'exit 0' }] }));
    await page.click('#replay-run');
    await expect.poll(() => page.locator('#replay-summary').textContent()).toMatch(/^config has 1 error; first: \/hooks\/0\/event: .* — \/hooks\/0\/event: /);

    // The guard relaxed to let Bash through: the two denials would flip, the Read would not.
    const relaxed = { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'exit 0' }] };
    await page.fill('#replay-draft', JSON.stringify(relaxed));
    await page.click('#replay-run');
    await expect.poll(() => page.locator('#replay-summary').textContent(), { timeout: 20_000 }).toMatch(/^replayed 3 of 3 against sha256:[0-9a-f]{64}: 2 changed, 1 unchanged$/);
    const changes = await page.locator('#replay-changes tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(changes).toEqual([
      ['#1', 'PreToolUse', 'Bash', 'deny: no curl with a token', 'none', 'guard: deny → none'],
      ['#3', 'PreToolUse', 'Bash', 'deny: no curl with a token', 'none', 'guard: deny → none'],
    ]);
    // A changed decision opens in full, as recorded.
    await page.locator('#replay-changes tbody tr').first().click();
    await expect.poll(() => page.locator('#detail-title').textContent()).toBe('#1 PreToolUse Bash — deny');

    // The filters choose what is replayed: only the Read here, which does not change.
    await page.fill('input[name="text"]', 'a.md');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.click('#replay-run');
    await expect.poll(() => page.locator('#replay-summary').textContent(), { timeout: 20_000 }).toMatch(/^replayed 1 of 1 against sha256:[0-9a-f]{64}: 0 changed, 1 unchanged$/);
    expect(await page.locator('#replay-changes tbody tr').count()).toBe(0);
  });

  it('shows control and bidi characters of a payload as escapes, never acting on them', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [HOOKS[0]] });
    const log = join(dir, 'audit.jsonl');
    await dispatch(dir, config, log, 'Read\u202etxt.exe', { file_path: 'a\u2066b\u0007' });
    const { url } = await startUi(log);
    const page = await context.newPage();
    await page.goto(url);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().locator('td').nth(4).textContent()).toBe('Read\\u202etxt.exe');
    await rows(page).first().click();
    await expect.poll(() => page.locator('#detail-title').textContent()).toBe('#1 PreToolUse Read\\u202etxt.exe — none');
    expect(await page.locator('#detail-payload').textContent()).toContain('"file_path": "a\\u2066b\\u0007"');
    const shown = await page.locator('body').innerText();
    expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e\u2066]/);
  });

  it('serves a log of 100,000 records at once: says it is reading, then shows them all, newest first', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [HOOKS[0]] });
    const seed = join(dir, 'seed.jsonl');
    await dispatch(dir, config, seed, 'Bash', { command: 'ls' });
    await dispatch(dir, config, seed, 'Read', { file_path: 'a.md' });
    const [deny, none] = readFileSync(seed, 'utf8').trim().split('\n');
    const log = join(dir, 'audit.jsonl');
    writeFileSync(log, `${`${deny}\n${none}\n`.repeat(50_000)}`);
    const started = performance.now();
    const { url } = await startUi(log);
    const urlMs = performance.now() - started;
    const page = await context.newPage();
    await page.goto(url);
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 120_000 }).toBe('live');
    await expect.poll(() => page.locator('#count').textContent()).toBe('100000 decisions');
    expect(await rows(page).count()).toBe(500);
    expect(await rows(page).first().locator('td').nth(1).textContent()).toBe('#100000');
    // Once read, a page's first rows, timed from navigation.
    const again = await context.newPage();
    const navigated = performance.now();
    await again.goto(url);
    await expect.poll(() => rows(again).count()).toBe(500);
    const paintMs = performance.now() - navigated;
    await again.selectOption('select[name="decision"]', 'deny');
    await expect.poll(() => again.locator('#count').textContent()).toBe('50000 of 100000 decisions match');
    process.stderr.write(`hookwire ui, 100,000 records: URL printed ${urlMs.toFixed(0)} ms after start; first rows ${paintMs.toFixed(0)} ms after navigation\n`);
  }, 180_000);

  it('serves only requests addressed to loopback, and the data only with the printed token', async () => {
    const dir = await tempDir();
    const log = join(dir, 'audit.jsonl');
    const { url } = await startUi(log);
    const page = await context.newPage();
    const base = new URL(url);
    const without = await page.request.get(`${base.origin}/api/entries`);
    expect(without.status()).toBe(401);
    const rebound = await page.request.get(`${base.origin}/api/entries${base.search}`, { headers: { host: `attacker.example:${base.port}` } });
    expect(rebound.status()).toBe(403);
    const ok = await page.request.get(`${base.origin}/api/entries${base.search}`);
    expect(await ok.json()).toMatchObject({ total: 0, entries: [] });
    const replay = await page.request.post(`${base.origin}/api/replay${base.search}`, { data: 'config=/etc/passwd', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(replay.status()).toBe(415);
    const replayWithout = await page.request.post(`${base.origin}/api/replay`, { data: { config: '/tmp/x.json' } });
    expect(replayWithout.status()).toBe(401);
    const html = await page.request.get(url);
    expect(html.headers()['content-security-policy']).toContain("script-src 'self'");
  });
});
