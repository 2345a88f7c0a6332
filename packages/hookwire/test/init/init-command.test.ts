import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@hookwire/test-utils';
import { INIT_HOST_NAMES } from '../../src/hosts.js';
import { hookwire, snapshot, projectConfigOk } from './init-run.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function project(): Promise<string> {
  const dir = await tempDir('hookwire-init-');
  dirs.push(dir);
  return dir;
}

const USER_SETTINGS = {
  model: 'opus',
  permissions: { allow: ['Bash(npm test)'] },
  hooks: {
    PreToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'npx prettier --check', timeout: 30 }] }],
    PostToolBatch: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
  },
};

describe('hookwire init', () => {
  it('creates a starter config and the settings in an empty project, and says so', async () => {
    const dir = await project();
    const result = await hookwire(['init'], dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      `hookwire init (host claude) in ${dir}\n` +
        '  created .hookwire.json: a starter config: the hookwire:recommended rule pack, failing closed (hookwire rules lists its rules and modes)\n' +
        '  created .claude/settings.json: the bridge runs on PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop, SubagentStart, SubagentStop, SessionEnd, PostToolUseFailure, PreCompact, PermissionRequest, Notification\n' +
        `note: node_modules/.bin/hookwire is not installed in ${dir}: the host's hooks run it, so install it there (npm install --save-dev hookwire)\n`,
    );
    expect(Object.keys(await snapshot(dir)).sort()).toEqual(['.claude/settings.json', '.hookwire.json']);
    expect(await hookwire(['check'], dir)).toEqual({ code: 0, stdout: projectConfigOk(dir), stderr: '' });
  });

  it('changes nothing when run twice: every byte stays', async () => {
    const dir = await project();
    await writeFile(join(dir, 'README.md'), 'mine\n');
    expect((await hookwire(['init'], dir)).code).toBe(0);
    const first = await snapshot(dir);
    const again = await hookwire(['init'], dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('  kept .hookwire.json: already there: left as it is\n  kept .claude/settings.json: every event already runs a hookwire bridge\n  nothing to change\n');
    expect(await snapshot(dir)).toEqual(first);
  });

  // Settings files as users and Claude Code write them: 2 spaces, 4 spaces, tabs, CRLF.
  for (const [name, indent, eol] of [['two spaces', 2, '\n'], ['four spaces', 4, '\n'], ['tabs', '\t', '\n'], ['CRLF', 2, '\r\n']] as const) {
    it(`keeps the user's settings (${name}) and --uninstall gives them back byte for byte`, async () => {
      const dir = await project();
      await mkdir(join(dir, '.claude'));
      const original = `${JSON.stringify(USER_SETTINGS, null, indent).replaceAll('\n', eol)}${eol}`;
      await writeFile(join(dir, '.claude', 'settings.json'), original);
      const before = await snapshot(dir);

      const init = await hookwire(['init'], dir);
      expect(init.stdout).toContain('  updated .claude/settings.json: the bridge runs on PreToolUse, PostToolUse,');
      const merged = await readFile(join(dir, '.claude', 'settings.json'), 'utf8');
      const settings = JSON.parse(merged) as typeof USER_SETTINGS;
      expect(Object.keys(settings)).toEqual(['model', 'permissions', 'hooks']);
      expect(settings.permissions).toEqual(USER_SETTINGS.permissions);
      expect(settings.hooks.PreToolUse[0]).toEqual(USER_SETTINGS.hooks.PreToolUse[0]);
      expect(settings.hooks.PostToolBatch).toEqual(USER_SETTINGS.hooks.PostToolBatch);
      expect(merged.split(eol)[1]).toBe(`${typeof indent === 'number' ? ' '.repeat(indent) : indent}"model": "opus",`);

      const uninstall = await hookwire(['init', '--uninstall'], dir);
      expect(uninstall.code).toBe(0);
      expect(uninstall.stdout).toBe(
        `hookwire init --uninstall (host claude) in ${dir}\n` +
          '  updated .claude/settings.json: the bridge removed from PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop, SubagentStart, SubagentStop, SessionEnd, PostToolUseFailure, PreCompact, PermissionRequest, Notification\n' +
          '  deleted .hookwire.json: the starter, unchanged since init wrote it\n',
      );
      expect(await snapshot(dir)).toEqual(before);
    });
  }

  it('--uninstall after init in an empty project leaves it empty', async () => {
    const dir = await project();
    await hookwire(['init'], dir);
    const result = await hookwire(['init', '--uninstall'], dir);
    expect(result.stdout).toContain('  deleted .claude/settings.json: nothing but the bridge was in it (PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop, SubagentStart, SubagentStop, SessionEnd, PostToolUseFailure, PreCompact, PermissionRequest, Notification)\n');
    expect(await readdir(dir)).toEqual([]);
  });

  it('--uninstall keeps a config the user edited, and hooks that are not init\'s', async () => {
    const dir = await project();
    await hookwire(['init'], dir);
    const config = join(dir, '.hookwire.json');
    await writeFile(config, (await readFile(config, 'utf8')).replace('"timeoutSec": 30', '"timeoutSec": 20'));
    const settingsFile = join(dir, '.claude', 'settings.json');
    const settings = JSON.parse(await readFile(settingsFile, 'utf8')) as { hooks: Record<string, { hooks: unknown[] }[]> };
    settings.hooks.Stop![0]!.hooks.push({ type: 'command', command: 'echo mine' });
    await writeFile(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);

    const result = await hookwire(['init', '--uninstall'], dir);
    expect(result.stdout).toContain('  kept .hookwire.json: not the starter as init writes it (yours, or edited): left in place\n');
    expect(existsSync(config)).toBe(true);
    expect(await readFile(settingsFile, 'utf8')).toBe(`${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] } }, null, 2)}\n`);
  });

  it('leaves an older npx bridge in place, adds none beside it, and says why npx should go', async () => {
    const dir = await project();
    await mkdir(join(dir, '.claude'));
    const npxLine = { hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'npx hookwire run --config "$CLAUDE_PROJECT_DIR"/.hookwire.json --budget 110', timeout: 120 }] }] } };
    await writeFile(join(dir, '.claude', 'settings.json'), `${JSON.stringify(npxLine, null, 2)}\n`);
    const result = await hookwire(['init'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '  updated .claude/settings.json: the bridge runs on PostToolUse, UserPromptSubmit, SessionStart, Stop, SubagentStart, SubagentStop, SessionEnd, PostToolUseFailure, PreCompact, PermissionRequest, Notification; PreToolUse already ran a hookwire bridge: left as they are\n',
    );
    expect(result.stdout).toContain(
      'note: .claude/settings.json runs hookwire through npx on PreToolUse: npx looks the name up on a registry wherever it is not installed, and costs about 3 times a direct start on every event; remove those entries and run hookwire init again to get "$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire run\n',
    );
    const settings = JSON.parse(await readFile(join(dir, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, unknown[]> };
    expect(settings.hooks.PreToolUse).toEqual(npxLine.hooks.PreToolUse);
  });

  it('--dry-run prints what would change with the text, and writes nothing', async () => {
    const dir = await project();
    const result = await hookwire(['init', '--dry-run', '--dir', dir], tmpdir());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^hookwire init \(host claude\) in .* \(dry run: nothing written\)\n {2}would create \.hookwire\.json: /);
    expect(result.stdout).toContain('    |     "PreToolUse": [\n');
    expect(await readdir(dir)).toEqual([]);
  });

  it('--dir sets up another directory', async () => {
    const dir = await project();
    const elsewhere = await project();
    expect((await hookwire(['init', '--dir', dir], elsewhere)).code).toBe(0);
    expect(existsSync(join(dir, '.hookwire.json'))).toBe(true);
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('refuses a settings file it cannot read, naming the line and column, and changes nothing', async () => {
    const dir = await project();
    await mkdir(join(dir, '.claude'));
    await writeFile(join(dir, '.claude', 'settings.json'), '{\n  "model": "opus"\n  "hooks": {}\n}\n');
    const before = await snapshot(dir);
    const result = await hookwire(['init'], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^hookwire init: \.claude\/settings\.json:3:3: not valid JSON: .*; nothing was changed\n$/);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('names the supported hosts for an unknown one, and its own usage for a bad flag', async () => {
    const dir = await project();
    expect(INIT_HOST_NAMES).toEqual(expect.arrayContaining(['claude', 'gemini', 'codex', 'copilot', 'cursor', 'opencode']));
    const usage = `Usage:\n  hookwire init [--host ${INIT_HOST_NAMES.join('|')}|all ...] [--dir DIR | --user | --managed [--root DIR] [--cache DIR]] [--dry-run] [--uninstall]\n`;
    expect(await hookwire(['init', '--host', 'vscode'], dir)).toEqual({ code: 2, stdout: '', stderr: `hookwire init: unknown host "vscode" (supported: ${INIT_HOST_NAMES.join(', ')}, all)\n\n${usage}` });
    expect((await hookwire(['init', '--host', 'gemni'], dir)).stderr.split('\n')[0]).toBe(`hookwire init: unknown host "gemni"; did you mean "gemini"? (supported: ${INIT_HOST_NAMES.join(', ')}, all)`);
    const bad = await hookwire(['init', '--budget', '3'], dir);
    expect(bad).toEqual({ code: 2, stdout: '', stderr: `hookwire init: unknown flag --budget (it is a flag of hookwire run)\n\n${usage}` });
    const help = await hookwire(['init', '--help'], dir);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout.startsWith(`Usage: hookwire init [--host ${INIT_HOST_NAMES.join('|')}|all ...] [--dir DIR | --user] [--dry-run] [--uninstall]\n`)).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });
});
