import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { REPO_DIR } from './claude-settings.js';
import { startFakeChatCompletions, type ChatRequest, type ChatStep } from './fake-chat-completions.js';
import { parseJsonLines } from './json-lines.js';
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
export function runPi(options: RunPiOptions): Promise<PiRun> {
  return withFakePi(options, (env) => spawnHost(PI_BIN, [...FAKE_MODEL_ARGS, '-p', options.prompt ?? 'Do the task.'], { cwd: options.cwd, env, timeoutMs: options.timeoutMs ?? 90_000 }));
}

export interface RunPiRpcOptions extends RunPiOptions {
  /** Stdin is closed (which ends pi's RPC mode) once stdout holds this many `agent_end` events. */
  agentEnds: number;
}

/** One JSON line of pi's RPC stdout: a command's response, an agent event, or an extension's UI request (`notify`: `message`). */
export interface PiRpcLine {
  type: string;
  method?: string;
  message?: unknown;
}

/**
 * Runs the real pi once in its RPC mode (`--mode rpc`: headless, JSON lines on stdin and stdout,
 * `ctx.hasUI` true, so an extension's `ctx.ui.notify` is a `notify` request on stdout), sends
 * `prompt` as one `prompt` command, and closes stdin once `agentEnds` runs of the agent have ended.
 * pi writes an `agent_end` event only after its extensions' `agent_end` handlers have settled.
 */
export async function runPiRpc(options: RunPiRpcOptions): Promise<PiRun & { lines: PiRpcLine[] }> {
  const input = {
    text: `${JSON.stringify({ id: 'prompt-1', type: 'prompt', message: options.prompt ?? 'Do the task.' })}\n`,
    endWhen: (stdout: string) => countAgentEnds(stdout) >= options.agentEnds,
  };
  const run = await withFakePi(options, (env) => spawnHost(PI_BIN, [...FAKE_MODEL_ARGS, '--mode', 'rpc'], { cwd: options.cwd, env, timeoutMs: options.timeoutMs ?? 90_000, input }));
  return { ...run, lines: parseJsonLines<PiRpcLine>(run.stdout) };
}

function countAgentEnds(stdout: string): number {
  return parseJsonLines<PiRpcLine>(stdout).filter((line) => line.type === 'agent_end').length;
}

const FAKE_MODEL_ARGS = ['--provider', 'fake', '--model', 'fake-model', '--no-session'];

/** Starts the fake model and a fresh HOME whose models.json points pi at it, runs `spawn` in that environment, and cleans up. */
async function withFakePi(options: RunPiOptions, spawn: (env: Record<string, string>) => Promise<HostExit>): Promise<PiRun> {
  const scratch = await tempDir('hookwire-pi-');
  const home = join(scratch, 'home');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(join(home, '.pi', 'agent'), { recursive: true });
  const fake = await startFakeChatCompletions(options.script ?? []);
  try {
    const models = { providers: { fake: { baseUrl: fake.url, api: 'openai-completions', apiKey: 'dummy', models: [{ id: 'fake-model' }] } } };
    await writeFile(join(home, '.pi', 'agent', 'models.json'), `${JSON.stringify(models, null, 2)}\n`);
    const env = { ...inheritHostEnv(), HOME: home, TMPDIR: join(home, 'tmp'), TERM: 'dumb', NO_COLOR: '1' };
    const run = await spawn(env);
    return { ...run, requests: fake.requests };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}
