import { execFileSync } from 'node:child_process';
import { createHook } from 'node:async_hooks';
import { getEventListeners } from 'node:events';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecRequest } from '@hookwire/contract';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShellExecutor, type ShellHook } from '../src/index.js';
import { fixture, isGoneOrZombie, killPids, quote, readPids, waitUntil } from './support.js';

const MIB = 1024 * 1024;
/** A bound proving that something did not hang; never a timing assertion. */
const HANG_BOUND_MS = 10_000;

let workDir: string;
let pidFiles = 0;
const leftovers: number[] = [];

beforeAll(async () => {
  workDir = realpathSync(await tempDir('exec-shell-'));
});

afterEach(() => {
  killPids(leftovers.splice(0));
});

afterAll(removeTempDirs);

function request(overrides: Partial<ExecRequest> = {}): ExecRequest {
  return {
    canonical: 'tool:before',
    dialect: 'claude',
    eventName: 'PreToolUse',
    input: `${JSON.stringify({ session_id: 's', transcript_path: '', cwd: workDir, hook_event_name: 'PreToolUse', tool_name: 'Bash' })}\n`,
    cwd: workDir,
    timeoutMs: 20_000,
    ...overrides,
  };
}

/** A fixture hook whose pid file the test reads; every pid it records is killed after the test. */
function pidHook(script: string, args = ''): { hook: ShellHook; pids: () => number[] } {
  pidFiles += 1;
  const file = join(workDir, `pids-${pidFiles}`);
  const pids = (): number[] => {
    const recorded = readPids(file);
    for (const pid of recorded) if (!leftovers.includes(pid)) leftovers.push(pid);
    return recorded;
  };
  return { hook: { command: `${quote(fixture(script))} ${args}`, env: { PID_FILE: file } }, pids };
}

function abortWhen(condition: () => boolean): AbortSignal {
  const controller = new AbortController();
  void waitUntil(condition, HANG_BOUND_MS).then(() => controller.abort());
  return controller.signal;
}

function readEnv(stdout: string): Map<string, string> {
  const env = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) env.set(line.slice(0, at), line.slice(at + 1));
  }
  return env;
}

/** Async resources a run creates that must all be gone once it resolved. */
const TRACKED = new Set(['Timeout', 'Immediate', 'PROCESSWRAP', 'PIPEWRAP', 'PIPECONNECTWRAP', 'FSREQCALLBACK', 'FSREQPROMISE']);

describe('createShellExecutor', () => {
  it('is a shell executor whose close resolves', async () => {
    const executor = createShellExecutor();
    expect(executor.kind).toBe('shell');
    await expect(executor.close()).resolves.toBeUndefined();
  });

  it.each([
    [{ maxOutputBytes: -1 }, 'maxOutputBytes'],
    [{ killGraceMs: 1.5 }, 'killGraceMs'],
    [{ settleGraceMs: Number.NaN }, 'settleGraceMs'],
    [{ shell: '' }, 'shell'],
  ])('refuses the invalid option %j', (options, key) => {
    expect(() => createShellExecutor(options)).toThrow(expect.objectContaining({ code: 'HOOKWIRE_OPTION_INVALID', message: expect.stringContaining(`"${key}"`) }));
  });
});

describe('answers through the response contract', () => {
  const executor = createShellExecutor();

  it('reads exit 0 with a JSON answer', async () => {
    const result = await executor.run({ command: `printf '%s\\n' '{"decision":"approve","reason":"fine"}'` }, request());
    expect(result).toMatchObject({ kind: 'shell', exitCode: 0, timedOut: false, canceled: false, spawnFailed: false, outputTruncated: false });
    expect(result.result).toEqual({ decision: 'allow', reason: 'fine', warnings: [] });
    expect(result.signal).toBeUndefined();
  });

  it('reads exit 2 as a deny with the trimmed stderr as reason', async () => {
    const result = await executor.run({ command: `echo '{"decision":"approve"}'; printf '  rm -rf is not allowed \\n' >&2; exit 2` }, request());
    expect(result.exitCode).toBe(2);
    expect(result.result).toEqual({ decision: 'deny', reason: 'rm -rf is not allowed', warnings: [] });
  });

  it('reads exit 1 as a warning, not a failure', async () => {
    const result = await executor.run({ command: 'echo "lint broke" >&2; exit 1' }, request());
    expect(result.exitCode).toBe(1);
    expect(result.result.failure).toBeUndefined();
    expect(result.result.decision).toBeUndefined();
    expect(result.result.warnings).toEqual([expect.stringContaining('exited with code 1: lint broke')]);
  });

  it('reads exit 127 with the shell\'s "not found" as a command that could not start: a spawn failure', async () => {
    const result = await executor.run({ command: 'hookwire-no-such-command-4d1f' }, request());
    expect(result.exitCode).toBe(127);
    expect(result.spawnFailed).toBe(true);
    expect(result.result.failure).toEqual({ class: 'spawn', message: expect.stringMatching(/^could not start: exit 127: .*hookwire-no-such-command-4d1f: not found$/) });
  });

  it('reads a bare exit 127, with nothing on stderr, as the ordinary exit the hook chose', async () => {
    const result = await executor.run({ command: 'exit 127' }, request());
    expect(result.exitCode).toBe(127);
    expect(result.spawnFailed).toBe(false);
    expect(result.result.failure).toBeUndefined();
    expect(result.result.warnings).toEqual([expect.stringContaining('exited with code 127')]);
  });

  it('reports a process killed by a signal it was not sent by us as a spawn failure', async () => {
    const result = await executor.run({ command: 'kill -KILL $$' }, request());
    expect(result.signal).toBe('SIGKILL');
    expect(result.exitCode).toBeUndefined();
    expect(result.timedOut).toBe(false);
    expect(result.result.failure).toEqual({ class: 'spawn', message: 'terminated by SIGKILL' });
  });

  it('makes plain stdout context on a context event', async () => {
    const result = await executor.run(
      { command: 'echo "remember the tests"' },
      request({ canonical: 'prompt:submit', eventName: 'UserPromptSubmit' }),
    );
    expect(result.result.additionalContext).toEqual(['remember the tests']);
  });

  it('reads the oracle form only when the hook accepts it', async () => {
    const command = `echo '{"ok":false,"reason":"tests fail"}'`;
    const oracle = await executor.run({ command, acceptOracleForm: true }, request());
    expect(oracle.result).toMatchObject({ decision: 'deny', reason: 'tests fail' });
    const plain = await executor.run({ command }, request());
    expect(plain.result.decision).toBeUndefined();
  });
});

describe('stdin', () => {
  const executor = createShellExecutor();

  it('gets exactly the request input, then end of file', async () => {
    const out = join(workDir, 'stdin-copy');
    const input = `${JSON.stringify({ cwd: workDir, prompt: 'héllo "$(touch nope)" ✓', hook_event_name: 'UserPromptSubmit' })}\n`;
    const result = await executor.run({ command: `cat > ${quote(out)}` }, request({ input }));
    expect(result.exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(input);
    expect(existsSync(join(workDir, 'nope'))).toBe(false);
  });

  it('delivers a large input whole', async () => {
    const out = join(workDir, 'stdin-large');
    const input = `${JSON.stringify({ tool_response: 'y'.repeat(3 * MIB) })}\n`;
    const result = await executor.run({ command: `cat > ${quote(out)}` }, request({ input }));
    expect(result.exitCode).toBe(0);
    expect(readFileSync(out, 'utf8') === input).toBe(true);
  });

  it('is fine with a hook that never reads a large input', async () => {
    const input = `${JSON.stringify({ tool_response: 'z'.repeat(2 * MIB) })}\n`;
    const result = await executor.run({ command: quote(fixture('no-stdin.sh')) }, request({ input }));
    expect(result.exitCode).toBe(0);
    expect(result.result).toEqual({ decision: 'allow', warnings: [] });
  });

  it('is fine with a hook that exits at once without reading', async () => {
    const input = `${JSON.stringify({ tool_response: 'z'.repeat(2 * MIB) })}\n`;
    const result = await executor.run({ command: 'exit 0' }, request({ input }));
    expect(result.exitCode).toBe(0);
    expect(result.result.failure).toBeUndefined();
  });
});

describe('environment and working directory', () => {
  const executor = createShellExecutor();

  it("sets HOOKWIRE_EVENT, HOOKWIRE_CONFIG_DIR, the hook env, and CLAUDE_PROJECT_DIR from the request's projectDir, never the payload's cwd", async () => {
    const input = `${JSON.stringify({ cwd: '/project/from/payload' })}\n`;
    process.env.HOOKWIRE_TEST_NOT_IN_BASE = 'leaked';
    const result = await executor
      .run(
        { command: 'env; pwd', env: { EXTRA_FOR_HOOK: 'yes' } },
        request({ input, env: { PATH: process.env.PATH, ONLY_IN_BASE: 'base' }, configDir: '/etc/hookwire', projectDir: '/the/project' }),
      )
      .finally(() => delete process.env.HOOKWIRE_TEST_NOT_IN_BASE);
    const env = readEnv(result.stdout);
    expect(env.get('HOOKWIRE_EVENT')).toBe('tool:before');
    expect(env.get('HOOKWIRE_CONFIG_DIR')).toBe('/etc/hookwire');
    expect(env.get('CLAUDE_PROJECT_DIR')).toBe('/the/project');
    expect(env.get('EXTRA_FOR_HOOK')).toBe('yes');
    expect(env.get('ONLY_IN_BASE')).toBe('base');
    expect(env.has('HOOKWIRE_TEST_NOT_IN_BASE')).toBe(false);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(workDir);
  });

  it('keeps a CLAUDE_PROJECT_DIR the base environment has', async () => {
    const result = await executor.run(
      { command: 'env' },
      request({ env: { PATH: process.env.PATH, CLAUDE_PROJECT_DIR: '/kept' }, projectDir: '/the/project' }),
    );
    expect(readEnv(result.stdout).get('CLAUDE_PROJECT_DIR')).toBe('/kept');
  });

  it("falls back to the executor's own working directory without a projectDir, whatever the payload and the request cwd say", async () => {
    const input = `${JSON.stringify({ cwd: '/project/from/payload' })}\n`;
    const result = await executor.run({ command: 'env' }, request({ input, env: { PATH: process.env.PATH } }));
    expect(readEnv(result.stdout).get('CLAUDE_PROJECT_DIR')).toBe(process.cwd());
  });

  it('sets no CLAUDE_PROJECT_DIR for native hooks and no HOOKWIRE_CONFIG_DIR without a config folder', async () => {
    const result = await executor.run(
      { command: 'env' },
      request({ dialect: 'native', eventName: 'tool:before', env: { PATH: process.env.PATH } }),
    );
    const env = readEnv(result.stdout);
    expect(env.has('CLAUDE_PROJECT_DIR')).toBe(false);
    expect(env.has('HOOKWIRE_CONFIG_DIR')).toBe(false);
    expect(env.get('HOOKWIRE_EVENT')).toBe('tool:before');
  });

  it('uses process.env when the request names no base environment', async () => {
    process.env.HOOKWIRE_TEST_MARKER = 'from-process';
    try {
      const result = await executor.run({ command: 'env' }, request());
      expect(readEnv(result.stdout).get('HOOKWIRE_TEST_MARKER')).toBe('from-process');
    } finally {
      delete process.env.HOOKWIRE_TEST_MARKER;
    }
  });
});

describe('output capture', () => {
  it('keeps 1 MiB of a 5 MiB flood, drains the rest and flags it', async () => {
    const result = await createShellExecutor().run({ command: `${quote(fixture('flood.sh'))} ${5 * MIB}` }, request());
    expect(result.exitCode).toBe(0);
    expect(result.outputTruncated).toBe(true);
    expect(result.stdout.length).toBe(MIB);
    expect(result.result.failure).toBeUndefined();
  });

  it('turns a cut stdout that starts with { into a parse failure', async () => {
    const result = await createShellExecutor().run({ command: `${quote(fixture('flood.sh'))} ${3 * MIB} stdout '{'` }, request());
    expect(result.exitCode).toBe(0);
    expect(result.outputTruncated).toBe(true);
    expect(result.result.failure?.class).toBe('parse');
  });

  it('caps stderr the same way', async () => {
    const result = await createShellExecutor().run({ command: `${quote(fixture('flood.sh'))} ${3 * MIB} stderr` }, request());
    expect(result.exitCode).toBe(0);
    expect(result.outputTruncated).toBe(true);
    expect(result.stderr.length).toBe(MIB);
    expect(result.stdout).toBe('');
  });

  it('honours maxOutputBytes', async () => {
    const executor = createShellExecutor({ maxOutputBytes: 10 });
    const cut = await executor.run({ command: 'printf 0123456789abc' }, request());
    expect([cut.stdout, cut.outputTruncated]).toEqual(['0123456789', true]);
    const whole = await executor.run({ command: 'printf 0123456789' }, request());
    expect([whole.stdout, whole.outputTruncated]).toEqual(['0123456789', false]);
  });

  it('decodes invalid UTF-8 to U+FFFD', async () => {
    const executor = createShellExecutor();
    const ok = await executor.run({ command: quote(fixture('invalid-utf8.sh')) }, request());
    expect(ok.stdout).toBe('café \uFFFD\uFFFD end');
    const denied = await executor.run({ command: `${quote(fixture('invalid-utf8.sh'))} 2` }, request());
    expect(denied.result).toEqual({ decision: 'deny', reason: 'bad \uFFFD reason', warnings: [] });
  });
});

describe('settlement after the direct child exits', () => {
  it('settles within the grace while a background grandchild holds stdout, and leaves it alone', async () => {
    const { hook, pids } = pidHook('hold-stdout.sh');
    const startedAt = performance.now();
    const result = await createShellExecutor({ settleGraceMs: 250 }).run(hook, request());
    expect(performance.now() - startedAt).toBeLessThan(HANG_BOUND_MS);
    expect(result.exitCode).toBe(0);
    expect(result.result).toEqual({ decision: 'allow', warnings: [] });
    expect(result.stdout).toBe('{"decision":"approve"}\n');
    const [grandchild] = pids();
    expect(grandchild).toEqual(expect.any(Number));
    expect(isGoneOrZombie(grandchild!)).toBe(false);
  });

  it('kills the background grandchild when canceled during the grace', async () => {
    const { hook, pids } = pidHook('hold-stdout.sh');
    let readyAt: number | undefined;
    const signal = abortWhen(() => {
      if (pids().length === 0) return false;
      readyAt ??= performance.now();
      return performance.now() - readyAt > 300;
    });
    const result = await createShellExecutor({ settleGraceMs: 20_000 }).run(hook, request({ signal }));
    expect(result.canceled).toBe(true);
    expect(result.result.failure).toEqual({ class: 'canceled', message: 'canceled' });
    expect(pids().map(isGoneOrZombie)).toEqual([true]);
  });
});

describe('timeout and cancel kill the whole tree', () => {
  it('times out and kills every process of a forking tree', async () => {
    const { hook, pids } = pidHook('fork-tree.sh', '3');
    const startedAt = performance.now();
    const result = await createShellExecutor().run(hook, request({ timeoutMs: 2000 }));
    expect(performance.now() - startedAt).toBeLessThan(HANG_BOUND_MS);
    expect(result.timedOut).toBe(true);
    expect(result.canceled).toBe(false);
    expect(result.result.failure).toEqual({ class: 'timeout', message: 'timed out after 2000 ms' });
    expect(result.signal).toEqual(expect.any(String));
    expect(pids()).toHaveLength(6);
    expect(pids().filter((pid) => !isGoneOrZombie(pid))).toEqual([]);
  });

  it('cancels on abort and kills every process of a forking tree', async () => {
    const { hook, pids } = pidHook('fork-tree.sh', '3');
    const result = await createShellExecutor().run(hook, request({ signal: abortWhen(() => pids().length === 6) }));
    expect(result.canceled).toBe(true);
    expect(result.timedOut).toBe(false);
    expect(result.result.failure?.class).toBe('canceled');
    expect(pids()).toHaveLength(6);
    expect(pids().filter((pid) => !isGoneOrZombie(pid))).toEqual([]);
  });

  it('escalates to SIGKILL for processes that ignore SIGTERM, before the result comes back', async () => {
    const { hook, pids } = pidHook('ignore-term.sh');
    const result = await createShellExecutor({ killGraceMs: 300 }).run(hook, request({ signal: abortWhen(() => pids().length === 2) }));
    expect(result.canceled).toBe(true);
    expect(pids()).toHaveLength(2);
    expect(pids().filter((pid) => !isGoneOrZombie(pid))).toEqual([]);
  });

  it.skipIf(!hasSetsid())('reaches children that left the process group and ignore SIGTERM', async () => {
    const { hook, pids } = pidHook('leave-group.sh');
    const result = await createShellExecutor({ killGraceMs: 300 }).run(hook, request({ signal: abortWhen(() => pids().length === 3) }));
    expect(result.canceled).toBe(true);
    expect(pids()).toHaveLength(3);
    expect(pids().filter((pid) => !isGoneOrZombie(pid))).toEqual([]);
  });

  it('does not spawn at all when the signal is already aborted', async () => {
    const marker = join(workDir, 'ran');
    const result = await createShellExecutor().run({ command: `touch ${quote(marker)}` }, request({ signal: AbortSignal.abort() }));
    expect(result).toMatchObject({ canceled: true, timedOut: false, spawnFailed: false, stdout: '', stderr: '' });
    expect(result.result.failure).toEqual({ class: 'canceled', message: 'canceled' });
    expect(existsSync(marker)).toBe(false);
  });
});

describe('spawn failures', () => {
  it('names a working directory that does not exist', async () => {
    const cwd = join(workDir, 'no-such-dir');
    const result = await createShellExecutor().run({ command: 'echo hi' }, request({ cwd }));
    expect(result).toMatchObject({ spawnFailed: true, timedOut: false, canceled: false, stdout: '' });
    expect(result.exitCode).toBeUndefined();
    expect(result.result.failure).toEqual({ class: 'spawn', message: `cwd ${cwd} does not exist` });
  });

  it('names a working directory that is a file', async () => {
    const cwd = join(workDir, 'a-file');
    writeFileSync(cwd, '');
    const result = await createShellExecutor().run({ command: 'echo hi' }, request({ cwd }));
    expect(result.spawnFailed).toBe(true);
    expect(result.result.failure).toEqual({ class: 'spawn', message: `cwd ${cwd} is not a directory` });
  });

  it('names a shell that is missing', async () => {
    const result = await createShellExecutor({ shell: '/nonexistent/bin/sh' }).run({ command: 'echo hi' }, request());
    expect(result.spawnFailed).toBe(true);
    expect(result.result.failure).toEqual({ class: 'spawn', message: 'shell /nonexistent/bin/sh not found' });
  });

  it.skipIf(!existsSync('/bin/bash'))('runs commands with the shell option', async () => {
    const result = await createShellExecutor({ shell: '/bin/bash' }).run({ command: 'echo "$BASH_VERSION"' }, request());
    expect(result.stdout.trim()).not.toBe('');
  });
});

describe('leaves nothing behind', () => {
  it('removes its abort listener and leaves no timer, pipe or child after each kind of end', async () => {
    const executor = createShellExecutor({ killGraceMs: 300, settleGraceMs: 100 });
    const controller = new AbortController();
    const { hook: holding, pids } = pidHook('hold-stdout.sh');
    const live = new Map<number, string>();
    let recording = false;
    const tracker = createHook({
      init: (id, type) => {
        if (recording && TRACKED.has(type)) live.set(id, type);
      },
      destroy: (id) => {
        live.delete(id);
      },
    }).enable();
    const leftAfterEachRun: string[][] = [];
    try {
      for (const [hook, overrides] of [
        [{ command: 'echo done' }, {}],
        [{ command: 'sleep 60' }, { timeoutMs: 200 }],
        [holding, {}],
        [{ command: 'echo hi' }, { cwd: join(workDir, 'missing') }],
      ] as const) {
        live.clear();
        recording = true;
        await executor.run(hook, request({ ...overrides, signal: controller.signal }));
        recording = false;
        await waitUntil(() => live.size === 0, 2000);
        leftAfterEachRun.push([...live.values()]);
      }
    } finally {
      tracker.disable();
    }
    expect(leftAfterEachRun).toEqual([[], [], [], []]);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(pids()).toHaveLength(1);
  });
});

function hasSetsid(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v setsid'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
