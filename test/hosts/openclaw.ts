import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { REPO_DIR } from './claude-settings.js';
import { startFakeChatCompletions, type ChatRequest, type ChatStep } from './fake-chat-completions.js';
import { findNode24 } from './node24.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunOpenClawOptions {
  /** The project: the agent's workspace, where OpenClaw finds `.openclaw/extensions/`. */
  cwd: string;
  prompt?: string;
  /** What the fake model answers on the main loop, one step per assistant message. */
  script?: ChatStep[];
  timeoutMs?: number;
  /** Called with the fresh HOME once its openclaw.json is written, before OpenClaw starts (to add plugins there). */
  prepareHome?: (home: string) => Promise<void>;
  /** Called with that HOME after the run, before it is removed (to inspect it, e.g. with hookwire doctor). */
  inspectHome?: (home: string) => Promise<void>;
}

export interface OpenClawRun extends HostExit {
  /** Every request OpenClaw sent to the fake Chat Completions API. */
  requests: ChatRequest[];
}

/** The OpenClaw version the harness runs: the exact root devDependency. */
export const OPENCLAW_VERSION = '2026.9.6';

/** OpenClaw's entry script, run by the pinned Node 24 (OpenClaw needs Node >= 24.16). */
export const OPENCLAW_ENTRY = join(REPO_DIR, 'node_modules', 'openclaw', 'openclaw.mjs');

/**
 * Runs the real OpenClaw once, headless and embedded (`openclaw agent --local`: no Gateway), under
 * the pinned Node 24, in a fresh HOME whose `~/.openclaw/openclaw.json` makes the project the
 * agent's workspace (no bootstrap files written into it), points a custom OpenAI-compatible
 * provider at a fresh fake Chat Completions API, and enables the workspace plugin `hookwire`
 * (what docs/hosts-setup.md tells a user to do). Cleans up.
 */
export async function runOpenClaw(options: RunOpenClawOptions): Promise<OpenClawRun> {
  const node = findNode24();
  const scratch = await tempDir('hookwire-openclaw-');
  const home = join(scratch, 'home');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(join(home, '.openclaw'), { recursive: true });
  // OpenClaw's shell tool is `exec` ({command}): the fake's main loop is a request offering it.
  const fake = await startFakeChatCompletions(options.script ?? [], { shellTool: 'exec' });
  try {
    const model = { id: 'fake-model', name: 'Fake', reasoning: false, input: ['text'], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 120000, maxTokens: 8192 };
    const config = {
      agents: { defaults: { model: { primary: 'fake/fake-model' }, workspace: options.cwd, skipBootstrap: true } },
      models: { mode: 'merge', providers: { fake: { baseUrl: fake.url, apiKey: 'sk-local', api: 'openai-completions', models: [model] } } },
      plugins: { entries: { hookwire: { enabled: true, hooks: { allowConversationAccess: true } } } },
    };
    await writeFile(join(home, '.openclaw', 'openclaw.json'), `${JSON.stringify(config, null, 2)}\n`);
    await options.prepareHome?.(home);
    const env = { ...inheritHostEnv(), HOME: home, TMPDIR: join(home, 'tmp'), TERM: 'dumb', NO_COLOR: '1' };
    const args = [OPENCLAW_ENTRY, 'agent', '--local', '--agent', 'main', '--session-id', randomUUID(), '-m', options.prompt ?? 'Do the task.', '--json'];
    const run = await spawnHost(node, args, { cwd: options.cwd, env, timeoutMs: options.timeoutMs ?? 120_000 });
    await options.inspectHome?.(home);
    return { ...run, requests: fake.requests };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}
