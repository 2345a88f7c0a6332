import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { REPO_DIR } from './claude-settings.js';
import { startFakeChatCompletions, type ChatRequest, type ChatStep } from './fake-chat-completions.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunCopilotOptions {
  /** The project directory; a fresh temporary one (removed afterwards) when absent. */
  cwd?: string;
  /** Written to `<cwd>/.github/hooks/<name>.json`, one file per key, when given. */
  hookFiles?: Record<string, unknown>;
  /** The user's prompt, given with `-p`. */
  prompt?: string;
  /** What the fake model answers on the main loop, one step per assistant message. */
  script?: ChatStep[];
  /** Added to (and overriding) the environment the harness builds. */
  env?: Record<string, string>;
  /** Extra command-line arguments after the harness's own. */
  args?: string[];
  /** The run is killed (its whole process group) after this long; default 90 s. */
  timeoutMs?: number;
}

export interface CopilotRun extends HostExit {
  /** Every request Copilot CLI sent to the fake Chat Completions API. */
  requests: ChatRequest[];
  /** The debug log (`--log-level all`): where hook stderr and hook failures are reported. */
  log: string;
}

/** The Copilot CLI version the harness runs: the exact root devDependency. */
export const COPILOT_VERSION = '1.0.102';

/** The native `copilot` binary: the platform package's (a Node SEA), found beside the `@github/copilot` loader. */
export function findCopilotBinary(): string {
  const loader = createRequire(import.meta.url).resolve('@github/copilot/package.json');
  // The platform package exports only its binary (as the loader resolves it).
  return createRequire(loader).resolve(`@github/copilot-${process.platform}-${process.arch}`);
}

/** Where the binary unpacks its app (~235 MB) on first start: once per checkout, not once per throwaway HOME. */
export const COPILOT_PKG_CACHE = join(REPO_DIR, '.pkg-cache');

/**
 * The environment a headless run gets: PATH and locale only of the caller's, a fresh HOME, and
 * Copilot's documented bring-your-own-key offline mode pointed at the fake (no GitHub login, no
 * telemetry, no update check, no GitHub MCP server).
 */
export function describeCopilotEnv(home: string, baseUrl: string, scratch: string): Record<string, string> {
  return {
    ...inheritHostEnv(),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    TMPDIR: join(home, 'tmp'),
    TERM: 'dumb',
    NO_COLOR: '1',
    GIT_CEILING_DIRECTORIES: scratch,
    COPILOT_OFFLINE: 'true',
    COPILOT_PROVIDER_BASE_URL: baseUrl,
    COPILOT_PROVIDER_API_KEY: 'dummy',
    COPILOT_MODEL: 'fake-model',
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_PKG_CACHE_HOME: COPILOT_PKG_CACHE,
  };
}

async function readLogs(dir: string): Promise<string> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.sort().map((name) => readFile(join(dir, name), 'utf8').catch(() => '')));
  return texts.join('\n');
}

/**
 * Runs the real Copilot CLI once, headless (`-p`), against a fresh fake Chat Completions API, with
 * every tool allowed and the project trusted for this run (repo hooks load only in a trusted
 * folder), and cleans up.
 */
export async function runCopilot(options: RunCopilotOptions = {}): Promise<CopilotRun> {
  const scratch = await tempDir('hookwire-copilot-');
  const home = join(scratch, 'home');
  const logs = join(scratch, 'logs');
  const cwd = options.cwd ?? join(scratch, 'project');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(cwd, { recursive: true });
  for (const [name, hooks] of Object.entries(options.hookFiles ?? {})) {
    await mkdir(join(cwd, '.github', 'hooks'), { recursive: true });
    await writeFile(join(cwd, '.github', 'hooks', `${name}.json`), `${JSON.stringify(hooks, null, 2)}\n`);
  }
  const fake = await startFakeChatCompletions(options.script ?? [], { describeBashArgs: (command) => ({ command, description: 'scripted command' }) });
  try {
    const args = [
      '-p', options.prompt ?? 'Do the task.',
      '--output-format', 'json', '--log-level', 'all', '--log-dir', logs,
      '--no-auto-update', '--disable-client-telemetry', '--allow-all-tools', '--trust-folder',
      ...(options.args ?? []),
    ];
    const env = { ...describeCopilotEnv(home, fake.url, scratch), ...options.env };
    const run = await spawnHost(findCopilotBinary(), args, { cwd, env, timeoutMs: options.timeoutMs ?? 90_000 });
    return { ...run, requests: fake.requests, log: await readLogs(logs) };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}
