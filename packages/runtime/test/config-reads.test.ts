import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime, silentLogger, type Runtime } from '../src/index.js';
import { cleanup, say, tempDir, writeJson } from './helpers.js';

afterEach(cleanup);

/** What creating a runtime on `paths` comes to: its diagnostics and one dispatch's outcome, or the error's code, message and diagnostics. */
async function startOn(paths: string[], blockingConfigReads: boolean): Promise<unknown> {
  let runtime: Runtime;
  try {
    runtime = await createRuntime({ configPath: paths, logger: silentLogger, blockingConfigReads });
  } catch (error) {
    const { code, message, diagnostics } = error as { code: string; message: string; diagnostics: unknown };
    return { code, message, diagnostics };
  }
  try {
    const { outcome } = await runtime.dispatch('tool:before', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    return { diagnostics: runtime.diagnostics, outcome };
  } finally {
    await runtime.close();
  }
}

describe('blockingConfigReads (the one-shot bridge reads its config on its own thread)', () => {
  it('reads every kind of config file exactly as the threadpool reads do', async () => {
    const dir = await tempDir();
    const deny = await writeJson(dir, 'deny.json', { hooks: [{ event: 'tool:before', type: 'command', command: say({ decision: 'block', reason: 'no' }) }] });
    const warn = await writeJson(dir, 'warn.json', { hooks: [], unknownKey: 1 });
    const badJson = join(dir, 'bad.json');
    await writeFile(badJson, '{"hooks": [\n  {');
    const invalid = await writeJson(dir, 'invalid.json', { hooks: [{ event: 'tool:before', type: 'nonsense' }] });
    const folder = join(dir, 'folder.json');
    await mkdir(folder);
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const cases: Record<string, string[]> = {
      'a valid config': [deny],
      'layered configs': [warn, deny],
      'a missing file': [join(dir, 'missing.json')],
      'malformed JSON': [badJson],
      'an invalid hook': [invalid],
      'a directory': [folder],
      // Opened without blocking either way: a FIFO with no writer is refused at once, not waited on.
      'a FIFO': [fifo],
    };
    for (const [name, paths] of Object.entries(cases)) {
      const threadpool = await startOn(paths, false);
      expect({ name, result: await startOn(paths, true) }).toEqual({ name, result: threadpool });
    }
    expect(await startOn([deny], true)).toMatchObject({ outcome: { decision: 'deny', reason: 'no' } });
    expect(await startOn([fifo], true)).toMatchObject({ code: 'HOOKWIRE_CONFIG_INVALID', diagnostics: [{ message: expect.stringMatching(/is not a regular file \(a FIFO\)/) }] });
  });

  it('applies on reload too', async () => {
    const dir = await tempDir();
    const path = await writeJson(dir, 'hookwire.json', { hooks: [] });
    const runtime = await createRuntime({ configPath: path, logger: silentLogger, blockingConfigReads: true });
    try {
      await writeJson(dir, 'hookwire.json', { hooks: [{ event: 'tool:before', type: 'command', command: say({ decision: 'block', reason: 'reloaded' }) }] });
      expect(await runtime.reload()).toMatchObject({ ok: true });
      expect((await runtime.dispatch('tool:before', { tool_name: 'Bash' })).outcome).toMatchObject({ decision: 'deny', reason: 'reloaded' });
      await writeFile(path, '{');
      expect(await runtime.reload()).toMatchObject({ ok: false, diagnostics: [{ message: expect.stringMatching(/is not valid JSON at line 1, column 2/) }] });
    } finally {
      await runtime.close();
    }
  });
});
