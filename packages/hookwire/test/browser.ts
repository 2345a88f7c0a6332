import { existsSync } from 'node:fs';
import { LineClient, waitUntil } from '@hookwire/test-utils';
import { chromium, type BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { HOOKWIRE, tempDir } from './sidecar.js';

/** Chromium from the machine's Debian packages (`apt-get install -y chromium`), driven by playwright-core. */
export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A headless Chromium with a fresh profile: nothing from another run (or a person's browsing) in it. */
export async function launchBrowser(): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM)) throw new Error(`the ui tests drive Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium"`);
  return chromium.launchPersistentContext(await tempDir(), { executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** Starts the real `hookwire ui ARGS --no-open` (kept in `running`, to be killed after the test) and resolves the URL it prints, and its stderr so far. */
export async function startUiProcess(args: string[], running: LineClient[], env: NodeJS.ProcessEnv = process.env, cwd?: string): Promise<{ url: string; ui: LineClient; stderr: string[] }> {
  let url: string | undefined;
  const stderr: string[] = [];
  const ui = new LineClient(process.execPath, [HOOKWIRE, 'ui', ...args, '--no-open'], {
    name: 'hookwire ui',
    env,
    ...(cwd === undefined ? {} : { cwd }),
    onLine: (line) => (url ??= /^hookwire ui: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)$/.exec(line.text)?.[1]),
    onStderr: (text) => void stderr.push(text),
  });
  running.push(ui);
  expect(await waitUntil(() => url !== undefined, 20_000)).toBe(true);
  return { url: url!, ui, stderr };
}
