import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime, silentLogger } from '../../packages/runtime/lib/index.js';
import { cleanup, onCleanup, readPids, runHookwire, startSidecar, survivors, tempDir, writeConfig } from './harness.js';
import { command } from './trees.js';

afterEach(cleanup);

/** Makes a FIFO; cleanup opens its write end, so that whatever blocks on opening it is released. */
function makeFifo(path: string): void {
  execFileSync('mkfifo', [path]);
  onCleanup(() => {
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // Nobody is waiting to read it.
    }
  });
}

const hungHook = (pidFile: string) => ({ id: 'hung', event: 'PreToolUse', matcher: 'Hung', timeout: 1, type: 'command', command: command('ignore-term.sh', pidFile) });

describe('blocking file reads cannot starve process-tree kills', () => {
  it('a config path that became a FIFO is refused on reload, the old config stays, and a timed-out tree is still killed and answered', async () => {
    const dir = await tempDir();
    const pidFile = join(dir, 'pids');
    const config = await writeConfig(dir, { hooks: [hungHook(pidFile)] });
    const sidecar = startSidecar(config);
    expect(await sidecar.ask({ op: 'ping', id: 'up' })).toMatchObject({ ok: true });
    await rm(config);
    makeFifo(config);
    // Four reloads: as many as libuv has threadpool threads, if each blocked one on open().
    for (let i = 0; i < 4; i++) sidecar.send({ op: 'reload', id: `reload-${i}` });
    for (let i = 0; i < 4; i++) {
      const answer = await sidecar.byId(`reload-${i}`, 8_000);
      expect(answer).toMatchObject({ ok: false, diagnostics: [{ severity: 'error', message: expect.stringMatching(/config file .* is not a regular file \(a FIFO\)/) }] });
    }
    sidecar.send({ op: 'dispatch', id: 'hung', event: 'PreToolUse', payload: { tool_name: 'Hung', tool_input: {} } });
    const refs = await readPids(pidFile, 4);
    const answer = await sidecar.byId('hung', 8_000);
    expect(answer.runs![0]!.outcome.failure?.class).toBe('timeout');
    expect(await survivors(refs)).toEqual([]);
    expect(await sidecar.ask({ op: 'bye', id: 'bye' }, 8_000)).toEqual({ ok: true, id: 'bye' });
    expect(await sidecar.waitForExit(8_000)).toEqual({ code: 0, signal: null });
  });

  it('hookwire check and listen refuse a config that is not a regular file at once', async () => {
    const dir = await tempDir();
    const fifo = join(dir, 'hookwire.json');
    makeFifo(fifo);
    const checked = await runHookwire(['check', '--config', fifo], { timeoutMs: 10_000 });
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/is not a regular file \(a FIFO\)/);
    const listened = await runHookwire(['listen', '--config', dir], { timeoutMs: 10_000 });
    expect(listened.code).toBe(2);
    expect(listened.stderr).toMatch(/is not a regular file \(a directory\)/);
  });

  it('a tree kill needs no libuv threadpool thread: a timed-out tree is killed and answered while every pool thread is blocked', async () => {
    const dir = await tempDir();
    const pidFile = join(dir, 'pids');
    const runtime = await createRuntime({ config: { hooks: [{ event: 'PreToolUse', matcher: 'Quick', type: 'command', command: 'true' }, hungHook(pidFile)] }, logger: silentLogger });
    onCleanup(() => runtime.close());
    // Warm up first: the executors load on first use, and loading modules reads files.
    await runtime.dispatch('PreToolUse', { tool_name: 'Quick', tool_input: {} }, { cwd: dir });
    // Occupy every threadpool thread, as slow DNS lookups or reads of FIFOs would.
    const size = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    for (let i = 0; i < size; i++) {
      const fifo = join(dir, `block-${i}`);
      makeFifo(fifo);
      void open(fifo, 'r').then((handle) => handle.close(), () => {});
    }
    const dispatched = runtime.dispatch('PreToolUse', { tool_name: 'Hung', tool_input: {} }, { cwd: dir });
    const refs = await readPids(pidFile, 4);
    const result = await Promise.race([dispatched, new Promise<'not answered'>((resolve) => setTimeout(() => resolve('not answered'), 8_000))]);
    expect(result).not.toBe('not answered');
    expect(result === 'not answered' ? undefined : result.runs[0]!.outcome.failure?.class).toBe('timeout');
    expect(await survivors(refs)).toEqual([]);
  });
});
