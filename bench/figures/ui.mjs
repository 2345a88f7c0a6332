import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { toolPayload, writeConfig } from '../lib/fixtures.mjs';
import { runToClose, spawnTracked, withTimeout } from '../lib/processes.mjs';

/** Chromium from the machine's Debian packages (`apt-get install -y chromium`; `pnpm test` installs it when missing), as the ui tests drive it. */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Issue 25's log: 100,000 records. Always this many, even with --quick: the figure is about this size. */
const LOG_RECORDS = 100_000;
const SMALL_RECORDS = 10;

/** Starts `hookwire ui --log LOG --no-open`; resolves its URL once its first read of the log is done. */
function startUi(bin, log, cwd) {
  const child = spawnTracked(process.execPath, [bin, 'ui', '--log', log, '--no-open'], { cwd });
  let out = '';
  let err = '';
  const started = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`hookwire ui exited with ${code}: ${err}`)));
    child.stdout.setEncoding('utf8').on('data', (text) => (out += text));
    child.stderr.setEncoding('utf8').on('data', (text) => {
      err += text;
      const url = /^hookwire ui: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)$/m.exec(out)?.[1];
      if (url !== undefined && err.includes(`hookwire ui: read ${log}`)) resolve(url);
    });
  });
  return { child, url: withTimeout(started, 120_000, `hookwire ui reading ${log}`) };
}

/** Navigates a new page to `url`; the time until its timeline shows `rows` rows (the page's first paint of the decisions). */
async function firstPaint(browser, url, rows) {
  const page = await browser.newPage();
  try {
    const started = performance.now();
    await page.goto(url);
    await page.waitForFunction((n) => document.querySelectorAll('#timeline tbody tr').length >= n, rows, { polling: 'raf', timeout: 30_000 });
    return performance.now() - started;
  } finally {
    await page.close();
  }
}

/**
 * `hookwire ui` (issue 25's figures): the page's first paint on a log of 100,000 records (under
 * 1 s), and a new decision on screen within 500 ms of being made. Chromium (Debian's, driven by
 * playwright-core) opens the page of a real `hookwire ui --log`, once the log is read; a decision
 * is made by a real `hookwire run --log` appending to that log, and its lag is from the record's
 * `ts` (the end of its dispatch) to the row in the page's DOM (a MutationObserver's Date.now()).
 */
export async function create(ctx) {
  if (!existsSync(CHROMIUM)) throw new Error(`bench ui drives Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  const cwd = ctx.workDir;
  const build = ctx.builds[0];
  const config = writeConfig(cwd, 'ui.json', { hooks: [{ type: 'rule', pack: 'hookwire:recommended' }] });
  const seed = join(cwd, 'ui-seed.jsonl');
  const commandOf = ['rm -rf ~', 'git status'];
  const bridge = async (log, command) => {
    const payload = { ...toolPayload({ tool: 'Bash', cwd }), tool_input: { command } };
    const end = await runToClose(process.execPath, [build.bin, 'run', '--config', config, '--log', log], { input: JSON.stringify(payload), cwd });
    if (end.code !== 0) throw new Error(`hookwire run --log exited with ${end.code}: ${end.stderr}`);
  };
  for (const command of commandOf) await bridge(seed, command);
  const [deny, allow] = readFileSync(seed, 'utf8').trim().split('\n');
  // The chain (`prev`) is not checked by the page: copies of two real records stand for the rest.
  const big = join(cwd, 'ui-audit.jsonl');
  writeFileSync(big, `${deny}\n${allow}\n`.repeat(LOG_RECORDS / 2));
  const small = join(cwd, 'ui-small.jsonl');
  writeFileSync(small, `${deny}\n${allow}\n`.repeat(SMALL_RECORDS / 2));
  const readStarted = performance.now();
  const bigUi = startUi(build.bin, big, cwd);
  const smallUi = startUi(build.bin, small, cwd);
  const [bigUrl, smallUrl] = await Promise.all([bigUi.url, smallUi.url]);
  ctx.log(`ui: hookwire ui read ${LOG_RECORDS.toLocaleString('en')} records in ${((performance.now() - readStarted) / 1000).toFixed(1)} s`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  // The page a person keeps open: each new decision arrives in it.
  const live = await browser.newPage();
  await live.goto(bigUrl);
  await live.waitForFunction(() => document.querySelector('#status')?.textContent === 'live', undefined, { timeout: 30_000 });
  let made = 0;
  const liveOp = async () => {
    const shown = live.evaluate(
      (before) =>
        new Promise((resolve) => {
          const body = document.querySelector('#timeline tbody');
          const check = () => {
            if (body.firstElementChild?.dataset.line !== before) {
              observer.disconnect();
              resolve(Date.now());
            }
          };
          const observer = new MutationObserver(check);
          observer.observe(body, { childList: true });
        }),
      await live.evaluate(() => document.querySelector('#timeline tbody tr')?.dataset.line),
    );
    await bridge(big, commandOf[made++ % 2]);
    const at = await withTimeout(shown, 10_000, 'a new decision on the page');
    const lines = readFileSync(big, 'utf8');
    const last = JSON.parse(lines.slice(lines.lastIndexOf('\n', lines.length - 2) + 1));
    return at - Date.parse(last.ts);
  };
  const ops = ctx.ops(5);
  return {
    id: 'ui',
    title: 'hookwire ui',
    description: `\`hookwire ui --log\` in Chromium (${CHROMIUM}, playwright-core): the time from navigation to the timeline's first 500 rows on a log of ${LOG_RECORDS.toLocaleString('en')} records (~${Math.round(Buffer.byteLength(deny) / 2 + Buffer.byteLength(allow) / 2)} bytes each), vs the same on a log of ${SMALL_RECORDS}; and the time from a decision being made (its record's ts, written by a real \`hookwire run --log\` appending to the large log) to its row in the open page's DOM. ${ops} of each per round. Issue 25's figures are absolute: first paint under 1 s, a decision on screen within 500 ms (the "floor" of those rows is that budget)`,
    sides: [
      { name: 'small', label: `first paint, ${SMALL_RECORDS}-record log`, op: () => firstPaint(browser, smallUrl, SMALL_RECORDS) },
      { name: 'paint', label: `first paint, ${LOG_RECORDS.toLocaleString('en')}-record log`, op: () => firstPaint(browser, bigUrl, 500) },
      { name: 'live', label: 'decision made → on screen', op: liveOp },
    ],
    opsPerSample: ops,
    rows: [
      { label: `ui first paint, ${LOG_RECORDS.toLocaleString('en')}-record log (budget 1 s)`, floor: () => 1000, floorLabel: 'budget', subject: 'paint', target: 1, targetLabel: '≤ 1 s' },
      { label: 'ui: a decision on screen after it was made (budget 500 ms)', floor: () => 500, floorLabel: 'budget', subject: 'live', target: 1, targetLabel: '≤ 500 ms' },
      { label: `ui first paint, ${LOG_RECORDS.toLocaleString('en')} records vs ${SMALL_RECORDS}`, floor: 'small', subject: 'paint', main: false },
    ],
    teardown: async () => {
      await browser.close();
      bigUi.child.kill('SIGTERM');
      smallUi.child.kill('SIGTERM');
    },
  };
}
