import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import type { RecordedRequest, ScriptStep } from './fake-anthropic.js';
import { startFakeGemini } from './fake-gemini.js';
import { parseJsonLines } from './json-lines.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunGeminiOptions {
  /** The project directory; a fresh temporary one (removed afterwards) when absent. */
  cwd?: string;
  /**
   * Written to `<cwd>/.gemini/settings.json`. When absent nothing is written: a given `cwd` keeps
   * whatever settings it holds (say, the ones `hookwire init --host gemini` wrote).
   */
  settings?: unknown;
  /** The user's prompt, given with `-p`. */
  prompt?: string;
  /** What the fake model answers on the main loop, one step per model turn. */
  script?: ScriptStep[];
  /** Added to (and overriding) the environment the harness builds. */
  env?: Record<string, string>;
  /** Words run before node, which they are to start with its arguments (`unshare ... sh -c '...; exec "$@"' sh`). */
  launcher?: string[];
  /** Extra command-line arguments after the harness's own. */
  args?: string[];
  /** The run is killed (its whole process group) after this long; default 90 s. */
  timeoutMs?: number;
}

export interface GeminiRun extends HostExit {
  /** Every request Gemini CLI sent to the fake Gemini API. */
  requests: RecordedRequest[];
}

/** The Gemini CLI version the harness runs: the exact root devDependency. */
export const GEMINI_CLI_VERSION = '0.61.0';

/** A model named outright: with the default `auto`, Gemini CLI first asks a router model to classify the prompt. */
export const GEMINI_MODEL = 'gemini-2.5-flash';

/** Gemini CLI's entry script (`bin.gemini` of the installed package), run with this Node. */
export function findGeminiScript(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@google/gemini-cli/package.json')), 'bundle', 'gemini.js');
}

/** The user settings of a fresh HOME: API-key auth (no login prompt), no usage statistics, no update checks. */
export const GEMINI_USER_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  privacy: { usageStatisticsEnabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};

/**
 * The environment a headless run gets: nothing of the caller's except PATH and locale, a fresh HOME,
 * the fake API and a dummy key, the workspace trusted (project hooks do not run in an untrusted
 * folder), and no relaunch into a second Node process.
 */
export function describeGeminiEnv(home: string, baseUrl: string): Record<string, string> {
  return {
    ...inheritHostEnv(),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    TMPDIR: join(home, 'tmp'),
    GOOGLE_GEMINI_BASE_URL: baseUrl,
    GEMINI_API_KEY: 'fake-gemini-harness-key',
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    GEMINI_CLI_NO_RELAUNCH: 'true',
    NO_COLOR: '1',
  };
}

/** Runs the real Gemini CLI once, headless, against a fresh fake Gemini API, and cleans up. */
export async function runGemini(options: RunGeminiOptions = {}): Promise<GeminiRun> {
  const scratch = await tempDir('hookwire-gemini-');
  const home = join(scratch, 'home');
  const cwd = options.cwd ?? join(scratch, 'project');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(join(home, '.gemini'), { recursive: true });
  await writeFile(join(home, '.gemini', 'settings.json'), `${JSON.stringify(GEMINI_USER_SETTINGS, null, 2)}\n`);
  await mkdir(cwd, { recursive: true });
  if (options.settings !== undefined) {
    await mkdir(join(cwd, '.gemini'), { recursive: true });
    await writeFile(join(cwd, '.gemini', 'settings.json'), `${JSON.stringify(options.settings, null, 2)}\n`);
  }
  const fake = await startFakeGemini(options.script ?? []);
  try {
    const args = [findGeminiScript(), '-p', options.prompt ?? 'Do the task.', '-m', GEMINI_MODEL, '-o', 'stream-json', '--approval-mode', 'yolo', ...(options.args ?? [])];
    const env = { ...describeGeminiEnv(home, fake.url), ...options.env };
    const [program, ...words] = [...(options.launcher ?? []), process.execPath, ...args];
    const run = await spawnHost(program!, words, { cwd, env, timeoutMs: options.timeoutMs ?? 90_000 });
    return { ...run, requests: fake.requests };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}

/** One line of `-o stream-json` output: `init`, `message`, `tool_use`, `tool_result`, `result`, ... */
export interface GeminiEvent {
  type: string;
  [field: string]: unknown;
}

/** The events of a run's stdout, one per JSON line. */
export function parseGeminiEvents(stdout: string): GeminiEvent[] {
  return parseJsonLines<GeminiEvent>(stdout);
}
