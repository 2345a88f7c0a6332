import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, HOOKWIRE, LIB_ENTRY, runToEnd, tempDir, writeConfig, type RunEnd } from './sidecar.js';

afterEach(cleanupSidecars);

function hookwire(args: string[], input = '', entry = HOOKWIRE): Promise<RunEnd> {
  return runToEnd(entry, args, input);
}

describe('hookwire check', () => {
  it('prints no problems and exits 0 for a clean config', async () => {
    const dir = await tempDir();
    const result = await hookwire(['check', '--config', await writeConfig(dir, { hooks: [{ event: 'Stop', type: 'command', command: 'true' }] })]);
    expect(result).toEqual({ code: 0, stdout: 'config OK: no problems found\n', stderr: '' });
  });

  it('prints errors and warnings with their JSON Pointers and exits 1 on errors', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      hooks: [
        { event: 'PreToolUse', type: 'command', command: './hooks/guard.sh' },
        { event: 'PreToolUse', type: 'command', matcher: '(' },
      ],
    });
    const result = await hookwire(['check', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`^error +${config.replaceAll('.', '\\.')}#/hooks/1/command: `, 'm'));
    expect(result.stdout).toMatch(new RegExp(`^error +${config.replaceAll('.', '\\.')}#/hooks/1/matcher: matcher must be a valid regular expression`, 'm'));
    expect(result.stdout).toMatch(/^warning +.*#\/hooks\/0\/command: .*HOOKWIRE_CONFIG_DIR/m);
    expect(result.stdout).toMatch(/^2 errors, 1 warning$/m);
  });

  it('prints the diagnostics as JSON with --json', async () => {
    const dir = await tempDir();
    const result = await hookwire(['check', '--json', '--config', await writeConfig(dir, { hooks: [{ event: 'Nope', type: 'command', command: 'true' }] })]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual([expect.objectContaining({ severity: 'error', path: '/hooks/0/event' })]);
  });

  it('names a missing file', async () => {
    const result = await hookwire(['check', '--config', '/nonexistent/hookwire.json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('cannot read config file /nonexistent/hookwire.json: ENOENT');
  });
});

describe('hookwire dispatch', () => {
  it('runs one dispatch and prints the outcome and a table of the runs', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      hooks: [
        { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'rm -rf is not allowed' >&2; exit 2" },
        { id: 'noisy', event: 'PreToolUse', type: 'command', command: 'exit 1' },
      ],
    });
    const payload = await writeConfig(dir, { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }, 'payload.json');
    const result = await hookwire(['dispatch', '--config', config, '--event', 'PreToolUse', '--payload', payload]);
    expect(result.code).toBe(0);
    const [outcome, table] = result.stdout.split('\n\n');
    expect(JSON.parse(outcome!)).toMatchObject({ decision: 'deny', reason: 'rm -rf is not allowed' });
    const rows = table!.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^hook +kind +decision +ms +exit\/status +note$/);
    expect(rows[2]).toMatch(/^guard +shell +deny +[\d.]+ +2 +rm -rf is not allowed$/);
    expect(rows[3]).toMatch(/^noisy +shell +- +[\d.]+ +1 +exited with code 1/);
  });

  it('reads the payload from stdin and prints the whole result with --json', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [{ event: 'UserPromptSubmit', type: 'command', command: 'echo context' }] });
    const result = await hookwire(['dispatch', '--json', '--config', config, '--event', 'prompt:submit'], JSON.stringify({ prompt: 'hi', cwd: dir }));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ canonical: 'prompt:submit', outcome: { additionalContext: ['context'] }, runs: [{ hook: 'UserPromptSubmit#1' }] });
  });
});

describe('the command line', () => {
  it('prints the usage and exits 2 on a mistake', async () => {
    for (const args of [['frobnicate'], ['check', '--bogus'], ['run', '--config', 'x', '--budget', '-1'], []]) {
      const result = await hookwire(args);
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).toContain('Usage:');
    }
  });

  it('prints its version', async () => {
    const result = await hookwire(['--version']);
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/), stderr: '' });
  });

  it('is the same program when started from the library entry (node lib/index.js, the seed\'s command line)', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [{ event: 'Stop', type: 'command', command: 'true' }, { event: 'Nope', type: 'command', command: 'true' }] });
    for (const args of [['--version'], ['check', '--config', config], ['frobnicate']]) {
      expect(await hookwire(args, '', LIB_ENTRY)).toEqual(await hookwire(args));
    }
    const good = await writeConfig(dir, { hooks: [{ event: 'Stop', type: 'command', command: 'true' }] });
    const session = '{"op":"ping","id":1}\n{"op":"bye","id":2}\n';
    const viaLib = await hookwire(['listen', '--config', good], session, LIB_ENTRY);
    expect(viaLib).toEqual(await hookwire(['listen', '--config', good], session));
    expect(viaLib.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line))).toMatchObject([{ ok: true, id: 1, pong: true }, { ok: true, id: 2 }]);
  });

  it('can be required as a library (no top-level await in the entry)', async () => {
    const { createRequire } = await import('node:module');
    const required = createRequire(import.meta.url)(LIB_ENTRY) as { main: unknown; createStdioServer: unknown };
    expect(typeof required.main).toBe('function');
    expect(typeof required.createStdioServer).toBe('function');
  });

  it('is the same program through the package bin link', async () => {
    const { realpathSync } = await import('node:fs');
    expect(realpathSync(join(HOOKWIRE))).toBe(HOOKWIRE);
  });
});
