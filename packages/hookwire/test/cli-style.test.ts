import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, runHookwire, tempDir } from './sidecar.js';

afterEach(cleanupSidecars);

/** Every command's usage errors are one style: `hookwire <command>: ...` on the first line, a did-you-mean where one is near, exit 2. */
describe('one command-line style', () => {
  const mistypedFlags: [command: string, typed: string, meant: string][] = [
    ['init', '--hots', '--host'],
    ['listen', '--confg', '--config'],
    ['run', '--dialcet', '--dialect'],
    ['check', '--confg', '--config'],
    ['dispatch', '--evnt', '--event'],
    ['serve', '--prot', '--port'],
    ['replay', '--lgo', '--log'],
    ['explain', '--lnie', '--line'],
    ['log', '--folow', '--follow'],
    ['ui', '--no-opne', '--no-open'],
    ['test', '--confgi', '--config'],
  ];

  it.each(mistypedFlags)('hookwire %s %s suggests %s', async (command, typed, meant) => {
    const payload = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, session_id: 's' });
    const { code, stderr, stdout } = await runHookwire([command, typed, 'x'], { input: payload });
    if (command === 'run') {
      // The bridge answers its host whatever the mistake (never a block it did not decide), and says so.
      expect(code).toBe(0);
      expect(stderr).toContain(`unknown flag ${typed}; did you mean ${meant}?`);
      return;
    }
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(`hookwire ${command}: unknown flag ${typed}; did you mean ${meant}?`);
    expect(stderr).toContain(`Usage:\n  hookwire ${command}`);
  });

  it('names the command near a mistyped one, without the whole help', async () => {
    for (const [typed, meant] of [['chek', 'check'], ['inti', 'init'], ['replya', 'replay'], ['serv', 'serve']]) {
      const { code, stderr } = await runHookwire([typed!]);
      expect(code).toBe(2);
      expect(stderr).toBe(`hookwire: unknown command "${typed}"; did you mean "${meant}"?\n\nRun "hookwire --help" for every command, "hookwire <command> --help" for one.\n`);
    }
    const far = await runHookwire(['frobnicate']);
    expect(far).toMatchObject({ code: 2, stderr: expect.stringMatching(/^hookwire: unknown command "frobnicate"\n/) });
    expect((await runHookwire(['--verison'])).stderr.split('\n')[0]).toBe('hookwire: unknown flag --verison; did you mean --version?');
  });

  it('reports what kept a command from running as one plain line, exit 2 (1 is "found something")', async () => {
    const dir = await tempDir();
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: join(dir, 'no-user-config') };
    delete env.HOOKWIRE_CONFIG;
    delete env.CLAUDE_PROJECT_DIR;
    for (const command of ['replay --log x.jsonl', 'test', 'dispatch --event Stop']) {
      const { code, stderr } = await runHookwire(command.split(' '), { cwd: dir, env, input: '{}' });
      expect(code, command).toBe(2);
      expect(stderr, command).toMatch(new RegExp(`^hookwire ${command.split(' ')[0]}: no hookwire config found: `));
      expect(stderr.trimEnd().split('\n'), command).toHaveLength(1);
    }
    const config = join(dir, 'hookwire.json');
    await writeFile(config, '{"hooks":[]}');
    for (const command of ['explain --log missing.jsonl', `replay --log missing.jsonl --config ${config}`]) {
      const { code, stderr } = await runHookwire(command.split(' '), { cwd: dir, env });
      expect(code, command).toBe(2);
      expect(stderr, command).toBe(`hookwire ${command.split(' ')[0]}: cannot read the audit log missing.jsonl: ENOENT\n`);
    }
  });

  it('reads a flag without its value as a mistake in words, not parseArgs internals', async () => {
    const { code, stderr } = await runHookwire(['serve', '--port']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe('hookwire serve: --port needs a value');
    expect((await runHookwire(['init', '--dry-run=yes'])).stderr.split('\n')[0]).toBe('hookwire init: --dry-run takes no value');
  });
});
