import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { quote, removeTempDir, tempDir } from '@hookwire/test-utils';
import type { RecordedRequest, ScriptStep } from './fake-anthropic.js';
import { startFakeResponses } from './fake-responses.js';
import { parseJsonLines } from './json-lines.js';
import { inheritHostEnv, spawnHost, type HostExit } from './spawn-host.js';

export interface RunCodexOptions {
  /** The project directory; a fresh temporary one (removed afterwards) when absent. */
  cwd?: string;
  /**
   * Written to `<cwd>/.codex/hooks.json`. When absent nothing is written: a given `cwd` keeps
   * whatever hooks it holds (say, the ones `hookwire init --host codex` wrote).
   */
  hooks?: unknown;
  /** The folder the config marks trusted (Codex reads `.codex/` of a trusted project only); default `cwd`. */
  trusted?: string;
  /** The user's prompt, the last argument of `codex exec`. */
  prompt?: string;
  /** What the fake model answers on the main loop, one step per assistant output. */
  script?: ScriptStep[];
  /**
   * `bypass` (default) runs with `--dangerously-bypass-hook-trust`; `persisted` leaves it out, so
   * only hooks the user trusted (none, in a fresh HOME) run.
   */
  hookTrust?: 'bypass' | 'persisted';
  /** Added to (and overriding) the environment the harness builds. */
  env?: Record<string, string>;
  /** Extra arguments of `codex exec`, before the prompt. */
  args?: string[];
  /**
   * `exec` (default): `codex exec --json`, headless. `tui`: the interactive UI in a pseudo-terminal
   * (`script`), the prompt given on the command line, ended when the screen says the turn is done;
   * `stdout` is then the screen's text without whitespace (see {@link readScreenText}). It shows what `codex exec`
   * does not: a hook's `systemMessage`.
   */
  ui?: 'exec' | 'tui';
  /** `codex exec` with `--json` (default: JSON events on stdout) or without (its human output: the answer on stdout, progress on stderr). */
  json?: boolean;
  /** The run is killed (its whole process group) after this long; default 60 s. */
  timeoutMs?: number;
  /** `exec` only: words run before the binary, which they are to start with its arguments (`unshare ... sh -c '...; exec "$@"' sh`). */
  launcher?: string[];
  /**
   * The model Codex is told it talks to (default {@link CODEX_MODEL}): its bundled catalog decides
   * the tools offered. `gpt-5.5` is offered `apply_patch` (a freeform tool); the default is not.
   */
  model?: string;
}

export interface CodexRun extends HostExit {
  /** Every request Codex sent to the fake Responses API. */
  requests: RecordedRequest[];
}

/** The model a run names unless told otherwise: not in Codex's bundled catalog, so it is offered no `apply_patch`. */
export const CODEX_MODEL = 'gpt-5.1-codex';

/** The Codex version the harness runs: the exact root devDependency. */
export const CODEX_VERSION = '0.171.0';

/**
 * The native `codex` binary: the linux-x64 platform package's, which `@openai/codex` declares as an
 * optional dependency (its `bin/codex.js` only finds and execs it).
 */
export function findCodexBinary(): string {
  const require = createRequire(import.meta.url);
  const wrapper = require.resolve('@openai/codex/package.json');
  const platform = createRequire(wrapper).resolve('@openai/codex-linux-x64/package.json');
  return join(dirname(platform), 'vendor', 'x86_64-unknown-linux-musl', 'bin', 'codex');
}

/**
 * `$CODEX_HOME/config.toml` of a fresh run: the fake as the model provider (Responses API, a dummy key
 * from the environment), no update check, and the project trusted — Codex loads no project-local
 * configuration, `.codex/hooks.json` included, from an untrusted folder.
 */
export function describeCodexConfig(baseUrl: string, project: string, model: string = CODEX_MODEL): string {
  return [
    `model = ${JSON.stringify(model)}`,
    'model_provider = "fake"',
    'check_for_update_on_startup = false',
    '',
    '[model_providers.fake]',
    'name = "fake"',
    `base_url = ${JSON.stringify(baseUrl)}`,
    'wire_api = "responses"',
    'env_key = "FAKE_RESPONSES_API_KEY"',
    '',
    `[projects.${JSON.stringify(project)}]`,
    'trust_level = "trusted"',
    '',
  ].join('\n');
}

/** The environment a headless run gets: nothing of the caller's except PATH and locale, a fresh HOME and CODEX_HOME, a dummy key. */
export function describeCodexEnv(home: string): Record<string, string> {
  return {
    ...inheritHostEnv(),
    HOME: home,
    CODEX_HOME: join(home, '.codex'),
    XDG_CONFIG_HOME: join(home, '.config'),
    TMPDIR: join(home, 'tmp'),
    FAKE_RESPONSES_API_KEY: 'fake-responses-harness-key',
    NO_COLOR: '1',
  };
}

/** Runs the real Codex once (`codex exec`, headless), against a fresh fake Responses API, and cleans up. */
export async function runCodex(options: RunCodexOptions = {}): Promise<CodexRun> {
  const scratch = await tempDir('hookwire-codex-');
  const home = join(scratch, 'home');
  const cwd = options.cwd ?? join(scratch, 'project');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(join(home, '.codex'), { recursive: true });
  await mkdir(cwd, { recursive: true });
  if (options.hooks !== undefined) {
    await mkdir(join(cwd, '.codex'), { recursive: true });
    await writeFile(join(cwd, '.codex', 'hooks.json'), `${JSON.stringify(options.hooks, null, 2)}\n`);
  }
  const fake = await startFakeResponses(options.script ?? []);
  try {
    await writeFile(join(home, '.codex', 'config.toml'), describeCodexConfig(fake.url, options.trusted ?? cwd, options.model));
    const trust = options.hookTrust === 'persisted' ? [] : ['--dangerously-bypass-hook-trust'];
    const env = { ...describeCodexEnv(home), ...options.env };
    const timeoutMs = options.timeoutMs ?? 60_000;
    const prompt = options.prompt ?? 'Do the task.';
    if (options.ui === 'tui') {
      const line = [findCodexBinary(), '--dangerously-bypass-approvals-and-sandbox', ...trust, ...(options.args ?? []), prompt].map(quote).join(' ');
      // On a loaded machine the UI has been seen to quit at its loading screen (exit 0, before any
      // request): a start that never reached the model is Codex's, not the hooks', and is tried
      // again, at most twice. Every assertion applies to the run that did reach it.
      for (let attempt = 1; ; attempt++) {
        const run = await spawnHost('script', ['-q', '-c', `stty cols 200 rows 50; exec ${line}`, '/dev/null'], { cwd, env: { ...env, TERM: 'xterm' }, timeoutMs, stopWhen: TURN_DONE });
        if (attempt < 3 && !run.timedOut && fake.requests.length === 0) {
          process.stderr.write(`runCodex: the interactive UI quit before any request (exit ${run.exitCode}); starting it again\n`);
          continue;
        }
        return { ...run, stdout: readScreenText(run.stdout), requests: fake.requests };
      }
    }
    const args = ['exec', ...(options.json === false ? [] : ['--json']), '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', ...trust, ...(options.args ?? []), prompt];
    const [program, ...words] = [...(options.launcher ?? []), findCodexBinary(), ...args];
    const run = await spawnHost(program!, words, { cwd, env, timeoutMs });
    return { ...run, requests: fake.requests };
  } finally {
    await fake.close();
    await removeTempDir(scratch);
  }
}

/** What the interactive UI prints when a turn has ended. */
const TURN_DONE = /Worked for/;

/**
 * A terminal's output as text, whitespace removed: the UI draws by cursor positions (it repaints
 * what changed, word by word), so the screen's spacing is not in the stream; compare against
 * {@link squeezeText} of what is expected.
 */
export function readScreenText(output: string): string {
  return squeezeText(output.replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '').replace(/\x1b\[[0-9;?<>=$]*[ -\/]*[@-~]/g, '').replace(/\x1b[()][0-9A-Za-z]|\x1b[=>78]/g, ''));
}

/** A text with all whitespace removed. */
export function squeezeText(text: string): string {
  return text.replace(/\s+/g, '');
}

/** One line of `codex exec --json` output: `thread.started`, `item.completed`, `turn.completed`, ... */
export interface CodexEvent {
  type: string;
  item?: { type?: string; text?: string; message?: string; command?: string; aggregated_output?: string; exit_code?: number | null };
  [field: string]: unknown;
}

/** The events of a run's stdout, one per JSON line. */
export function parseCodexEvents(stdout: string): CodexEvent[] {
  return parseJsonLines<CodexEvent>(stdout);
}
