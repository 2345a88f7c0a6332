import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { REPO_DIR } from './claude-settings.js';
import { startFakeChatCompletions, type ChatRequest, type ChatStep } from './fake-chat-completions.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunPiOptions {
  /** The project directory (pi loads its `.pi/extensions/`). */
  cwd: string;
  prompt?: string;
  /** What the fake model answers on the main loop, one step per assistant message. */
  script?: ChatStep[];
  timeoutMs?: number;
}

export interface PiRun extends HostExit {
  /** Every request pi sent to the fake Chat Completions API. */
  requests: ChatRequest[];
}

/** The pi version the harness runs: the exact root devDependency. */
export const PI_VERSION = '0.73.1';

export const PI_BIN = join(REPO_DIR, 'node_modules', '.bin', 'pi');

/**
 * Runs the real pi once, headless (`-p`, no session file), with a custom OpenAI-compatible provider
 * (`~/.pi/agent/models.json`, `api: "openai-completions"`) pointed at a fresh fake Chat Completions
 * API, in a fresh HOME, and cleans up.
 */
export async function runPi(options: RunPiOptions): Promise<PiRun> {
  const scratch = await tempDir('hookwire-pi-');
  const home = join(scratch, 'home');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(join(home, '.pi', 'agent'), { recursive: true });
  const fake = await startFakeChatCompletions(options.script ?? []);
  try {
    const models = { providers: { fake: { baseUrl: fake.url, api: 'openai-completions', apiKey: 'dummy', models: [{ id: 'fake-model' }] } } };
    await writeFile(join(home, '.pi', 'agent', 'models.json'), `${JSON.stringify(models, null, 2)}\n`);
    const env = { ...inheritHostEnv(), HOME: home, TMPDIR: join(home, 'tmp'), TERM: 'dumb', NO_COLOR: '1' };
    const args = ['-p', '--provider', 'fake', '--model', 'fake-model', '--no-session', options.prompt ?? 'Do the task.'];
    const run = await spawnHost(PI_BIN, args, { cwd: options.cwd, env, timeoutMs: options.timeoutMs ?? 90_000 });
    return { ...run, requests: fake.requests };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}
