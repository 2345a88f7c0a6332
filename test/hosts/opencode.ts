import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { REPO_DIR } from './claude-settings.js';
import { startFakeChatCompletions, type ChatRequest, type ChatStep } from './fake-chat-completions.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunOpenCodeOptions {
  /** The project directory (made a git repository of its own); a fresh temporary one (removed afterwards) when absent. */
  cwd?: string;
  /** Written to `<cwd>/.opencode/plugin/<name>.js`, one file per key. */
  plugins?: Record<string, string>;
  /** Merged over the harness's `opencode.json` (the fake provider); `plugin` entries are relative to the project. */
  config?: Record<string, unknown>;
  /** When false the project's `opencode.json` is left as it is (say, as `hookwire init` wrote it) and only the provider is added. */
  writeConfig?: boolean;
  /** The user's prompt; passed word by word (one argument with spaces reaches the model in quotes). */
  prompt?: string;
  /** What the fake model answers on the main loop, one step per assistant message. */
  script?: ChatStep[];
  /** Added to (and overriding) the environment the harness builds. */
  env?: Record<string, string>;
  /** The run is killed (its whole process group) after this long; default 90 s. */
  timeoutMs?: number;
}

export interface OpenCodeRun extends HostExit {
  /** Every request OpenCode sent to the fake Chat Completions API (the title call is `side`). */
  requests: ChatRequest[];
  /** `--format json`'s events, one per stdout line. */
  events: Record<string, unknown>[];
}

/** The OpenCode version the harness runs: the exact root devDependency (with `@opencode-ai/plugin` of the same version). */
export const OPENCODE_VERSION = '1.18.33';

/** The Bun-compiled `opencode` binary, which the wrapper's postinstall linked over `bin/opencode.exe`. */
export function findOpenCodeBinary(): string {
  return join(dirname(createRequire(import.meta.url).resolve('opencode-ai/package.json')), 'bin', 'opencode.exe');
}

/** The checkout's `@opencode-ai/plugin`: what every config dir is seeded with, so OpenCode installs nothing. */
function findPluginPackage(): string {
  // Its exports name no `./package.json`: from the root's node_modules, where pnpm links it.
  return realpathSync(join(REPO_DIR, 'node_modules', '@opencode-ai', 'plugin'));
}

/** The fake provider's `opencode.json`: the model is the fake's, nothing is fetched or shared. */
export function describeOpenCodeConfig(baseUrl: string): Record<string, unknown> {
  return {
    autoupdate: false,
    share: 'disabled',
    snapshot: false,
    model: 'fake/fake-model',
    provider: {
      fake: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Fake',
        options: { baseURL: baseUrl, apiKey: 'dummy' },
        models: { 'fake-model': { name: 'Fake Model', tool_call: true, limit: { context: 200000, output: 32000 } } },
      },
    },
  };
}

/**
 * OpenCode npm-installs `@opencode-ai/plugin` into every config dir, and waits for it before loading
 * plugins (~9 s, and the registry). A dir that already has the manifest, the lockfile and the
 * package needs nothing: the checkout's copy is linked in.
 */
async function seedConfigDir(dir: string): Promise<void> {
  await mkdir(join(dir, 'node_modules', '@opencode-ai'), { recursive: true });
  const version = OPENCODE_VERSION;
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ dependencies: { '@opencode-ai/plugin': version } }, null, 2)}\n`);
  const lock = {
    name: 'config',
    lockfileVersion: 3,
    requires: true,
    packages: { '': { dependencies: { '@opencode-ai/plugin': version } }, 'node_modules/@opencode-ai/plugin': { version } },
  };
  await writeFile(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  await symlink(findPluginPackage(), join(dir, 'node_modules', '@opencode-ai', 'plugin')).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

/** The environment a headless run gets: PATH and locale only of the caller's, a fresh HOME, no models.dev fetch, no update, no LSP download. */
export function describeOpenCodeEnv(home: string, scratch: string): Record<string, string> {
  return {
    ...inheritHostEnv(),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    TMPDIR: join(home, 'tmp'),
    TERM: 'dumb',
    NO_COLOR: '1',
    GIT_CEILING_DIRECTORIES: scratch,
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
  };
}

function parseEvents(stdout: string): Record<string, unknown>[] {
  return stdout.split('\n').flatMap((line) => {
    try {
      const value = JSON.parse(line) as unknown;
      return typeof value === 'object' && value !== null ? [value as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/** Runs the real OpenCode once (`opencode run`), headless, against a fresh fake Chat Completions API, and cleans up. */
export async function runOpenCode(options: RunOpenCodeOptions = {}): Promise<OpenCodeRun> {
  const scratch = await tempDir('hookwire-opencode-');
  const home = join(scratch, 'home');
  const cwd = options.cwd ?? join(scratch, 'project');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(cwd, { recursive: true });
  // Its own worktree: else OpenCode takes an enclosing repository's and walks config files up to it.
  await promisify(execFile)('git', ['init', '-q'], { cwd });
  await seedConfigDir(join(home, '.config', 'opencode'));
  await seedConfigDir(join(cwd, '.opencode'));
  for (const [name, source] of Object.entries(options.plugins ?? {})) {
    await mkdir(join(cwd, '.opencode', 'plugin'), { recursive: true });
    await writeFile(join(cwd, '.opencode', 'plugin', `${name}.js`), source);
  }
  const fake = await startFakeChatCompletions(options.script ?? []);
  try {
    // The provider goes in the user config, so a project opencode.json (the one init writes) stays the user's.
    const provider = describeOpenCodeConfig(fake.url);
    await writeFile(join(home, '.config', 'opencode', 'opencode.json'), `${JSON.stringify(provider, null, 2)}\n`);
    if (options.writeConfig !== false) await writeFile(join(cwd, 'opencode.json'), `${JSON.stringify({ ...provider, ...options.config }, null, 2)}\n`);
    const words = (options.prompt ?? 'Do the task.').split(/\s+/).filter((word) => word !== '');
    const args = ['run', ...words, '--format', 'json', '--print-logs', '--log-level', 'DEBUG'];
    const env = { ...describeOpenCodeEnv(home, scratch), ...options.env };
    const run = await spawnHost(findOpenCodeBinary(), args, { cwd, env, timeoutMs: options.timeoutMs ?? 90_000 });
    return { ...run, requests: fake.requests, events: parseEvents(run.stdout) };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}
