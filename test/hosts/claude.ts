import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { startFakeAnthropic, type RecordedRequest, type ScriptStep } from './fake-anthropic.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunClaudeOptions {
  /** The project directory; a fresh temporary one (removed afterwards) when absent. */
  cwd?: string;
  /**
   * Written to `<cwd>/.claude/settings.json`. When absent nothing is written: a given `cwd` keeps
   * whatever settings it holds (say, the ones `hookwire init` wrote); a fresh one has none.
   */
  settings?: unknown;
  /** The user's prompt, given with `-p`. */
  prompt?: string;
  /** What the fake model answers on the main loop, one step per assistant turn. */
  script?: ScriptStep[];
  /** Added to (and overriding) the environment the harness builds. */
  env?: Record<string, string>;
  /**
   * `json` (default): stdout is one result object. `stream-json`: one message per line, hook runs
   * included (`--verbose --include-hook-events`); read them with `parseClaudeEvents`.
   */
  output?: 'json' | 'stream-json';
  /** Extra command-line arguments after the harness's own. */
  args?: string[];
  /** The run is killed (its whole process group) after this long; default 60 s. */
  timeoutMs?: number;
  /** Words run before the binary, which they are to start with its arguments (`unshare ... sh -c '...; exec "$@"' sh`). */
  launcher?: string[];
}

export interface ClaudeRun extends HostExit {
  /** Every request Claude Code sent to the fake Anthropic API. */
  requests: RecordedRequest[];
}

/** The Claude Code version the harness runs: the exact root devDependency. */
export const CLAUDE_CODE_VERSION = '2.1.332';

/** The native `claude` binary: the platform package's, found beside the wrapper package pnpm installed. */
export function findClaudeBinary(): string {
  const require = createRequire(import.meta.url);
  const wrapper = require.resolve('@anthropic-ai/claude-code/package.json');
  return join(dirname(wrapper), 'bin', 'claude.exe');
}

/**
 * The environment a headless run gets: nothing of the caller's except PATH and locale, a fresh HOME,
 * the fake API, and every switch that stops Claude Code from updating itself or calling home.
 */
export function describeClaudeEnv(home: string, baseUrl: string): Record<string, string> {
  return {
    ...inheritHostEnv(),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    TMPDIR: join(home, 'tmp'),
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-fake-harness-key',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_BUG_COMMAND: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
  };
}

/** Runs the real Claude Code once, headless, against a fresh fake Anthropic API, and cleans up. */
export async function runClaude(options: RunClaudeOptions = {}): Promise<ClaudeRun> {
  const scratch = await tempDir('hookwire-claude-');
  const home = join(scratch, 'home');
  const cwd = options.cwd ?? join(scratch, 'project');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(cwd, { recursive: true });
  if (options.settings !== undefined) {
    await mkdir(join(cwd, '.claude'), { recursive: true });
    await writeFile(join(cwd, '.claude', 'settings.json'), `${JSON.stringify(options.settings, null, 2)}\n`);
  }
  const fake = await startFakeAnthropic(options.script ?? []);
  try {
    const output = options.output === 'stream-json' ? ['--output-format', 'stream-json', '--verbose', '--include-hook-events'] : ['--output-format', 'json'];
    const args = ['-p', options.prompt ?? 'Do the task.', ...output, '--allowedTools', 'Bash', ...(options.args ?? [])];
    const env = { ...describeClaudeEnv(home, fake.url), ...options.env };
    const [program, ...words] = [...(options.launcher ?? []), findClaudeBinary(), ...args];
    const run = await spawnHost(program!, words, { cwd, env, timeoutMs: options.timeoutMs ?? 60_000 });
    return { ...run, requests: fake.requests };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}
