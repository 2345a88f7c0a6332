import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkConfig } from '../src/index.js';
import { locateJsonError } from '../src/config-state.js';
import { cleanup, tempDir, writeJson } from './helpers.js';

afterEach(cleanup);

const command = (text: string) => ({ event: 'PreToolUse', type: 'command', command: text });

describe('checkConfig: what fails only when the hooks run', () => {
  it('finds every hook that would fail, with its file and JSON Pointer, and nothing in hooks that work', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'hooks'));
    await writeFile(join(dir, 'hooks', 'guard.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    await writeFile(join(dir, 'hooks', 'data.txt'), 'not a program\n');
    await chmod(join(dir, 'hooks', 'data.txt'), 0o644);
    const config = await writeJson(dir, 'hookwire.json', {
      hooks: [
        { event: 'PreToolUse', type: 'prompt', prompt: 'judge' },
        { event: 'Stop', type: 'agent', prompt: 'check the tests' },
        { event: 'SubagentStop', type: 'subagent', name: 'reviewer' },
        command('hookwire-no-such-program --x'),
        command('sh "$HOOKWIRE_CONFIG_DIR/hooks/missing.sh"'),
        command('"${HOOKWIRE_CONFIG_DIR}/hooks/data.txt"'),
        command('/nonexistent/hookwire/guard'),
        // These work: builtins, programs on PATH, scripts that exist, words only the running shell can fill in.
        command('sh "$HOOKWIRE_CONFIG_DIR/hooks/guard.sh"'),
        command('"$HOOKWIRE_CONFIG_DIR/hooks/guard.sh" --fast'),
        command('echo hi; exit 2'),
        command('FOO=1 sh -c "exit 0"'),
        command('"$HOME/bin/guard"'),
        command('./hooks/guard.sh'),
        command('(cd /tmp && nosuch)'),
      ],
    });
    const found = await checkConfig(config, { PATH: process.env.PATH });
    const errors = found.filter((d) => d.severity === 'error').map((d) => ({ path: d.path, file: (d as { file?: string }).file, message: d.message }));
    expect(errors).toEqual([
      { path: '/hooks/0', file: config, message: expect.stringMatching(/^a prompt hook needs an LLM endpoint, and no config file sets "llm"/) },
      { path: '/hooks/1', file: config, message: expect.stringMatching(/^an agent hook needs a proxy, and no config file sets "proxy"/) },
      { path: '/hooks/2', file: config, message: expect.stringMatching(/^a subagent hook needs a proxy/) },
      { path: '/hooks/3/command', file: config, message: expect.stringMatching(/^command runs "hookwire-no-such-program", which is not found on PATH/) },
      { path: '/hooks/4/command', file: config, message: `command runs the script ${JSON.stringify(join(dir, 'hooks', 'missing.sh'))}, which does not exist; the hook would fail every time it runs` },
      { path: '/hooks/5/command', file: config, message: expect.stringMatching(/data\.txt", which is not an executable file/) },
      { path: '/hooks/6/command', file: config, message: expect.stringMatching(/^command runs "\/nonexistent\/hookwire\/guard", which does not exist/) },
    ]);
    // The Stop hook warns too: Cline cannot enforce a deny there (runtime/test/host-events-check.test.ts).
    expect(found.filter((d) => d.severity === 'warning').map((d) => d.path)).toEqual(['/hooks/12/command', '/hooks/1', '/hooks/2']);
    // SubagentStop is an event Gemini CLI does not have: check says its hooks never fire there.
    expect(found.find((d) => d.path === '/hooks/2' && d.severity === 'warning')?.message).toBe('the hooks on subagent:end never fire under Gemini CLI, Cline, pi, OpenClaw: those hosts have no such event');
  });

  it('takes llm and proxy from any layer, and the PATH it is given', async () => {
    const dir = await tempDir();
    const hooks = await writeJson(dir, 'hooks.json', { hooks: [{ event: 'PreToolUse', type: 'prompt', prompt: 'judge' }, { event: 'Stop', type: 'agent', prompt: 'p' }, command('guard')] });
    const settings = await writeJson(dir, 'settings.json', { llm: { baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, proxy: { command: 'true' } });
    await mkdir(join(dir, 'bin'));
    await writeFile(join(dir, 'bin', 'guard'), '#!/bin/sh\n', { mode: 0o755 });
    // Errors only: the Stop hook's warning (Cline cannot enforce a deny there) is not what this is about.
    const errors = async (path: string) => (await checkConfig([hooks, settings], { PATH: path })).filter((d) => d.severity === 'error');
    expect(await errors(join(dir, 'bin'))).toEqual([]);
    expect((await errors('/nonexistent')).map((d) => d.path)).toEqual(['/hooks/2/command']);
  });

  it('points into a Claude settings file', async () => {
    const dir = await tempDir();
    const config = await writeJson(dir, 'settings.json', { hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'done?' }] }] } });
    expect((await checkConfig(config)).filter((d) => d.severity === 'error')).toEqual([expect.objectContaining({ severity: 'error', path: '/hooks/Stop/0/hooks/0' })]);
  });
});

describe('a config file that is not JSON', () => {
  it('is reported with its line and column', async () => {
    const dir = await tempDir();
    const path = join(dir, 'broken.json');
    await writeFile(path, '{\n  "hooks": [\n    { "event": "Stop", }\n  ]\n}\n');
    const [diagnostic] = await checkConfig(path);
    expect(diagnostic).toMatchObject({ severity: 'error', path: '', message: expect.stringMatching(new RegExp(`^config file ${path.replaceAll('.', '\\.')} is not valid JSON at line 3, column 24: `)) });
  });

  it.each([
    ['{"a":', 1, 6],
    ['{\n  x\n}', 2, 3],
    ['', 1, 1],
    ['[1,\n2,\n', 3, 1],
  ])('locateJsonError(%j) is line %i, column %i', (text, line, column) => {
    let error: Error | undefined;
    try {
      JSON.parse(text);
    } catch (caught) {
      error = caught as Error;
    }
    expect(locateJsonError(text, error!)).toEqual({ line, column });
  });
});
