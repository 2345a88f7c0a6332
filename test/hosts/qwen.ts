import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { startFakeChatCompletions, type ChatRequest, type ChatStep } from './fake-chat-completions.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunQwenOptions {
  /** The project directory; a fresh temporary one (removed afterwards) when absent. */
  cwd?: string;
  /** Written to `<cwd>/.qwen/settings.json` when given; else a given `cwd` keeps what it holds (say, what `hookwire init --host qwen` wrote). */
  settings?: unknown;
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
  /** Called with the scratch HOME before it is removed (to read what Qwen Code wrote there). */
  inspectHome?: (home: string) => Promise<void>;
}

export interface QwenRun extends HostExit {
  /** Every request Qwen Code sent to the fake Chat Completions API. */
  requests: ChatRequest[];
}

/** The Qwen Code version the harness runs: the exact root devDependency. */
export const QWEN_VERSION = '0.24.4';

/** Qwen Code's entry script (`bin.qwen` of the installed package), run with this Node. */
export function findQwenScript(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@qwen-code/qwen-code/package.json')), 'cli-entry.js');
}

/** The user settings of a fresh HOME: OpenAI-compatible auth (no login prompt), no telemetry, no update check. */
export const QWEN_USER_SETTINGS = {
  security: { auth: { selectedType: 'openai' } },
  general: { enableAutoUpdate: false },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
};

/**
 * The environment a headless run gets: PATH and locale only of the caller's, a fresh HOME, the
 * documented OpenAI-compatible variables pointed at the fake, no telemetry, and no relaunch into a
 * second Node process (docs/hosts-observed.md, "Qwen Code").
 */
export function describeQwenEnv(home: string, baseUrl: string): Record<string, string> {
  return {
    ...inheritHostEnv(),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    TMPDIR: join(home, 'tmp'),
    TERM: 'dumb',
    NO_COLOR: '1',
    OPENAI_BASE_URL: baseUrl,
    OPENAI_API_KEY: 'dummy',
    OPENAI_MODEL: 'fake-model',
    QWEN_TELEMETRY_ENABLED: 'false',
    QWEN_USAGE_STATISTICS_ENABLED: 'false',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    QWEN_CODE_NO_RELAUNCH: 'true',
  };
}

/**
 * Runs the real Qwen Code once, headless (`-p`, stream-json output, `--approval-mode yolo`: in the
 * default mode it refuses the shell by its own rule before any hook runs), against a fresh fake Chat
 * Completions API, and cleans up.
 */
export async function runQwen(options: RunQwenOptions = {}): Promise<QwenRun> {
  const scratch = await tempDir('hookwire-qwen-');
  const home = join(scratch, 'home');
  const cwd = options.cwd ?? join(scratch, 'project');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(join(home, '.qwen'), { recursive: true });
  await writeFile(join(home, '.qwen', 'settings.json'), `${JSON.stringify(QWEN_USER_SETTINGS, null, 2)}\n`);
  await mkdir(cwd, { recursive: true });
  if (options.settings !== undefined) {
    await mkdir(join(cwd, '.qwen'), { recursive: true });
    await writeFile(join(cwd, '.qwen', 'settings.json'), `${JSON.stringify(options.settings, null, 2)}\n`);
  }
  const fake = await startFakeChatCompletions(options.script ?? [], {
    shellTool: 'run_shell_command',
    describeBashArgs: (command) => ({ command, description: 'scripted command' }),
  });
  try {
    const args = [findQwenScript(), '-p', options.prompt ?? 'Do the task.', '--output-format', 'stream-json', '--approval-mode', 'yolo', ...(options.args ?? [])];
    const env = { ...describeQwenEnv(home, fake.url), ...options.env };
    const run = await spawnHost(process.execPath, args, { cwd, env, timeoutMs: options.timeoutMs ?? 90_000 });
    await options.inspectHome?.(home);
    return { ...run, requests: fake.requests };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}
