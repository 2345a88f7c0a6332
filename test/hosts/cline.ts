import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { REPO_DIR } from './claude-settings.js';
import { startFakeChatCompletions, type ChatRequest, type ChatStep } from './fake-chat-completions.js';
import { parseJsonLines } from './json-lines.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunClineOptions {
  /** The project directory (the workspace Cline runs in). */
  cwd: string;
  /** The user's prompt. */
  prompt?: string;
  /** What the fake model answers on the main loop, one step per assistant message. */
  script?: ChatStep[];
  /** The run is killed (its whole process group) after this long; default 90 s. */
  timeoutMs?: number;
  /** Called with the scratch HOME before it is removed. */
  inspectHome?: (home: string) => Promise<void>;
}

export interface ClineRun extends HostExit {
  /** Every request Cline sent to the fake Chat Completions API. */
  requests: ChatRequest[];
  /** The `--json` lines Cline printed. */
  events: { type: string; [field: string]: unknown }[];
}

/** The Cline CLI version the harness runs: the exact root devDependency. */
export const CLINE_VERSION = '3.0.65';

/** The `cline` launcher of the checkout (it finds the platform binary, `@cline/cli-<os>-<arch>`). */
export const CLINE_BIN = join(REPO_DIR, 'node_modules', '.bin', 'cline');

function describeClineEnv(home: string): Record<string, string> {
  return { ...inheritHostEnv(), HOME: home, XDG_CONFIG_HOME: join(home, '.config'), TMPDIR: join(home, 'tmp'), TERM: 'dumb', NO_COLOR: '1' };
}

/**
 * Runs the real Cline CLI once, headless (`--json`, tools auto-approved, its default), with an
 * OpenAI-compatible provider (`cline auth -p openai -b <fake>`) pointed at a fresh fake Chat
 * Completions API, in a fresh HOME, and cleans up.
 */
export async function runCline(options: RunClineOptions): Promise<ClineRun> {
  const scratch = await tempDir('hookwire-cline-');
  const home = join(scratch, 'home');
  await mkdir(join(home, 'tmp'), { recursive: true });
  const fake = await startFakeChatCompletions(options.script ?? [], { shellTool: 'run_commands', describeBashArgs: (command) => ({ commands: [command] }) });
  try {
    const env = describeClineEnv(home);
    const auth = await spawnHost(CLINE_BIN, ['auth', '-p', 'openai', '-k', 'dummy', '-m', 'fake-model', '-b', fake.url], { cwd: options.cwd, env, timeoutMs: 60_000 });
    if (auth.exitCode !== 0) throw new Error(`cline auth failed (${auth.exitCode}): ${auth.stderr}`);
    const run = await spawnHost(CLINE_BIN, ['--json', '-P', 'openai', '-m', 'fake-model', options.prompt ?? 'Do the task.'], { cwd: options.cwd, env, timeoutMs: options.timeoutMs ?? 90_000 });
    await options.inspectHome?.(home);
    const events = parseJsonLines<{ type: string }>(run.stdout);
    return { ...run, requests: fake.requests, events };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}
