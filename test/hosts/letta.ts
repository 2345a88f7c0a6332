import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { REPO_DIR } from './claude-settings.js';
import { startFakeChatCompletions, type ChatRequest, type ChatStep } from './fake-chat-completions.js';
import { findNode24 } from './node24.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunLettaOptions {
  /** The project (Letta Code reads its `.letta/settings.json`). */
  cwd: string;
  prompt?: string;
  /** What the fake model answers on the main loop, one step per assistant message. */
  script?: ChatStep[];
  timeoutMs?: number;
}

export interface LettaRun extends HostExit {
  /** Every request Letta Code sent to the fake Chat Completions API. */
  requests: ChatRequest[];
}

/** The Letta Code version the harness runs: the exact root devDependency. */
export const LETTA_VERSION = '0.32.18';

/** Letta Code's entry script, run by the pinned Node 24 (it needs Node >= 22.19). */
export const LETTA_ENTRY = join(REPO_DIR, 'node_modules', '@letta-ai', 'letta-code', 'letta.js');

/**
 * Runs the real Letta Code once, headless (`-p`, JSON output), with no Letta server: in a fresh
 * HOME, `letta backend local` (agents kept on this machine) and `letta connect openai-compatible`
 * pointing at a fresh fake Chat Completions API that lists one model, then a new agent on that
 * model. Its Bash tool requires a `description`. Cleans up.
 */
export async function runLetta(options: RunLettaOptions): Promise<LettaRun> {
  const node = findNode24();
  const scratch = await tempDir('hookwire-letta-');
  const home = join(scratch, 'home');
  await mkdir(join(home, 'tmp'), { recursive: true });
  const fake = await startFakeChatCompletions(options.script ?? [], { shellTool: 'Bash', models: ['fake-model'], describeBashArgs: (command) => ({ command, description: 'run the command' }) });
  try {
    const env = { ...inheritHostEnv(), HOME: home, TMPDIR: join(home, 'tmp'), TERM: 'dumb', NO_COLOR: '1' };
    const letta = (args: string[], timeoutMs: number) => spawnHost(node, [LETTA_ENTRY, ...args], { cwd: options.cwd, env, timeoutMs });
    for (const setup of [['backend', 'local'], ['connect', 'openai-compatible', '--base-url', fake.url, '--api-key', 'sk-local']]) {
      const done = await letta(setup, 60_000);
      if (done.exitCode !== 0) throw new Error(`letta ${setup.join(' ')} failed (${done.exitCode}): ${done.stderr}${done.stdout}`);
    }
    const args = ['-p', options.prompt ?? 'Do the task.', '--new-agent', '-m', 'openai-compatible/fake-model', '--output-format', 'json'];
    const run = await letta(args, options.timeoutMs ?? 90_000);
    return { ...run, requests: fake.requests };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}
