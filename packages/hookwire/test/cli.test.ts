import { writeFile } from 'node:fs/promises';
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
    const config = await writeConfig(dir, { hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'true' }] });
    const result = await hookwire(['check', '--config', config]);
    const layers = `loaded 1 config layer, in order (hooks run in this order; a later layer's settings win):\n  1. --config  ${config}  (given with --config)\n`;
    expect(result).toEqual({ code: 0, stdout: `${layers}config OK: no problems found\n`, stderr: '' });
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

/** `hookwire check`'s text after the layers it lists first (one `--config` file here). */
function diagnosticsOf(stdout: string): string {
  const [header, layer, ...rest] = stdout.split('\n');
  expect(header).toMatch(/^loaded 1 config layer, in order /);
  expect(layer).toMatch(/^ {2}1\. --config {2}\S+ {2}\(given with --config\)$/);
  return rest.join('\n');
}

describe('hookwire check: what fails at run time', () => {
  it('a prompt hook without llm, a missing script, and an executable that is not on PATH', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      hooks: [
        { event: 'UserPromptSubmit', type: 'prompt', prompt: 'judge $ARGUMENTS' },
        { event: 'PreToolUse', type: 'command', command: 'node "$HOOKWIRE_CONFIG_DIR/hooks/guard.mjs"' },
        { event: 'PreToolUse', type: 'command', command: 'hookwire-no-such-guard --strict' },
        { event: 'PreToolUse', matcher: 'bash', type: 'command', command: 'true' },
      ],
    });
    const result = await hookwire(['check', '--config', config]);
    expect(result.code).toBe(1);
    expect(diagnosticsOf(result.stdout).split('\n')).toEqual([
      `error   ${config}#/hooks/0: a prompt hook needs an LLM endpoint, and no config file sets "llm": {"baseUrl": "...", "model": "..."}; it would fail every time it runs`,
      `error   ${config}#/hooks/1/command: command runs the script ${JSON.stringify(join(dir, 'hooks', 'guard.mjs'))}, which does not exist; the hook would fail every time it runs`,
      `error   ${config}#/hooks/2/command: command runs "hookwire-no-such-guard", which is not found on PATH (as hookwire check sees it); the hook would fail every time it runs`,
      `warning ${config}#/hooks/3/matcher: matcher names "bash", which differs from the tool "Bash" only by case; matchers compare case-sensitively, so it never matches Bash`,
      // No downgrade warning for the prompt hook: every host hookwire speaks can refuse a prompt (pi through its input event).
      '3 errors, 1 warning',
      '',
    ]);
  });

  it('the same unknown event is an error in both shapes; a Claude Code event hookwire does not handle is a warning in both', async () => {
    const dir = await tempDir();
    const native = await writeConfig(dir, { hooks: [{ event: 'PreTooluse', type: 'command', command: 'true' }, { event: 'PostCompact', type: 'command', command: 'true' }] }, 'native.json');
    const claude = await writeConfig(dir, { hooks: { PreTooluse: [{ hooks: [{ type: 'command', command: 'true' }] }], PostCompact: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, 'claude.json');
    for (const [config, typo, other] of [[native, '/hooks/0/event', '/hooks/1/event'], [claude, '/hooks/PreTooluse', '/hooks/PostCompact']] as const) {
      const result = await hookwire(['check', '--json', '--config', config]);
      expect(result.code).toBe(1);
      const diagnostics = JSON.parse(result.stdout) as { severity: string; path: string; message: string }[];
      expect(diagnostics.map(({ severity, path }) => ({ severity, path }))).toEqual([{ severity: 'error', path: typo }, { severity: 'warning', path: other }]);
      expect(diagnostics[0]!.message).toMatch(/did you mean "PreToolUse"\?$/);
      expect(diagnostics[1]!.message).toMatch(/^event "PostCompact" is not supported by hookwire; (this hook is|its hooks are) skipped/);
    }
  });

  it('hooks given as one object is one clear error', async () => {
    const dir = await tempDir();
    const result = await hookwire(['check', '--config', await writeConfig(dir, { hooks: { event: 'PreToolUse', type: 'command', command: 'true' } })]);
    expect(result.code).toBe(1);
    expect(diagnosticsOf(result.stdout)).toMatch(/^error +\S+#\/hooks: hooks must be an array of hooks .*this object looks like one hook \(\{ event, type, \.\.\. \}\): put it in an array/);
    expect(result.stdout).toMatch(/\n1 error, 0 warnings\n$/);
  });

  it('a settings file that runs the bridge on itself', async () => {
    const dir = await tempDir();
    const settings = await writeConfig(dir, { hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'npx hookwire run --config "$CLAUDE_PROJECT_DIR"/.claude/settings.json' }] }] } }, 'settings.json');
    const result = await hookwire(['check', '--config', settings]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`error   ${settings}#/hooks/PreToolUse/0/hooks/0/command: this command runs the hookwire bridge (hookwire run), so this file is host settings`);
  });

  it('a JSON syntax error, with its line and column', async () => {
    const dir = await tempDir();
    const path = join(dir, 'hookwire.json');
    await writeFile(path, '{\n  "hooks": [\n    { "event": "Stop" "type": "command" }\n  ]\n}\n');
    const result = await hookwire(['check', '--config', path]);
    expect(result.code).toBe(1);
    expect(diagnosticsOf(result.stdout)).toMatch(new RegExp(`^error +${path.replaceAll('.', '\\.')}#/: config file .* is not valid JSON at line 3, column 23: `));
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

describe('hookwire dispatch: the event', () => {
  const config = (dir: string) => writeConfig(dir, { hooks: [{ event: 'Stop', type: 'command', command: "echo 'keep going' >&2; exit 2" }] });

  it("is the payload's hook_event_name when --event is absent", async () => {
    const dir = await tempDir();
    const result = await hookwire(['dispatch', '--json', '--config', await config(dir)], JSON.stringify({ hook_event_name: 'Stop', cwd: dir }));
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ canonical: 'turn:stop', outcome: { decision: 'deny', reason: 'keep going' } });
  });

  it('may be given in another dialect when it names the same event', async () => {
    const dir = await tempDir();
    const result = await hookwire(['dispatch', '--json', '--event', 'turn:stop', '--config', await config(dir)], JSON.stringify({ hook_event_name: 'Stop' }));
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ canonical: 'turn:stop', outcome: { decision: 'deny' } });
  });

  it.each([
    [['--event', 'PreToolUse'], { hook_event_name: 'Stop' }, /^hookwire dispatch: --event PreToolUse does not match the payload's hook_event_name "Stop"; drop --event or fix one of them\n/],
    [[], { hook_event_name: 'PostToolBatch' }, /^hookwire dispatch: the payload's hook_event_name "PostToolBatch" is not an event hookwire handles; give --event NAME\n/],
    [[], { tool_name: 'Bash' }, /^hookwire dispatch: needs --event NAME, or a payload with hook_event_name\n/],
  ])('refuses %j with payload %j', async (flags, payload, message) => {
    const dir = await tempDir();
    const result = await hookwire(['dispatch', ...flags, '--config', await config(dir)], JSON.stringify(payload));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });
});

describe('each command owns its flags', () => {
  it.each([
    [['check', '--pass-allow', '--budget', '3', '--config', 'x.json'], 'hookwire check: unknown flag --pass-allow (it is a flag of hookwire run)', 'hookwire check [--config FILE'],
    [['listen', '--json', '--config', 'x.json'], 'hookwire listen: unknown flag --json (it is a flag of hookwire check, hookwire dispatch, hookwire replay, hookwire explain, hookwire log, hookwire rules, hookwire doctor)', 'hookwire listen [--config FILE'],
    [['dispatch', '--budget', '3'], 'hookwire dispatch: unknown flag --budget (it is a flag of hookwire run)', 'hookwire dispatch [--config FILE'],
    [['check', '--frobnicate'], 'hookwire check: unknown flag --frobnicate', 'hookwire check [--config FILE'],
    [['check', '--config', 'x.json', 'extra'], 'hookwire check: unexpected argument "extra"', 'hookwire check [--config FILE'],
  ])('%j is an error naming the command, with its usage', async (args, message, usage) => {
    const result = await hookwire(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(message);
    expect(result.stderr).toContain(`Usage:\n  ${usage}`);
    expect(result.stderr).not.toContain('hookwire run [--config');
  });

  it.each(['listen', 'run', 'check', 'dispatch'])('hookwire %s --help prints that command\'s usage and exits 0', async (command) => {
    for (const args of [[command, '--help'], [command, '-h'], ['help', command]]) {
      const result = await hookwire(args);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(new RegExp(`^Usage:\n  hookwire ${command} \\[--config FILE`));
      expect(result.stdout.match(/^  hookwire /gm)).toHaveLength(1);
    }
  });

  it('hookwire --help lists every command', async () => {
    const result = await hookwire(['--help']);
    expect(result.code).toBe(0);
    for (const command of ['listen', 'run', 'check', 'dispatch']) expect(result.stdout).toContain(`  hookwire ${command} [--config FILE`);
  });
});

describe('the command line', () => {
  it('exits 2 on a mistake: the usage for no command or a bad flag, a pointer to --help for an unknown command', async () => {
    for (const args of [['check', '--bogus'], []]) {
      const result = await hookwire(args);
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).toContain('Usage:');
    }
    const unknown = await hookwire(['frobnicate']);
    expect(unknown).toEqual({ code: 2, stdout: '', stderr: 'hookwire: unknown command "frobnicate"\n\nRun "hookwire --help" for every command, "hookwire <command> --help" for one.\n' });
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
    const required = createRequire(import.meta.url)(LIB_ENTRY) as { main: unknown; locateConfig: unknown };
    expect(typeof required.main).toBe('function');
    expect(typeof required.locateConfig).toBe('function');
  });

  it('is the same program through the package bin link', async () => {
    const { realpathSync } = await import('node:fs');
    expect(realpathSync(join(HOOKWIRE))).toBe(HOOKWIRE);
  });
});
