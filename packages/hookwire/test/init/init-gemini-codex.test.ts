import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { hookwire, snapshot, projectConfigOk } from './init-run.js';

afterAll(() => removeTempDirs());

const GEMINI_BRIDGE = { type: 'command', command: '"$GEMINI_PROJECT_DIR"/node_modules/.bin/hookwire run --dialect gemini --budget 110', timeout: 120000 };
/** The hook init writes for Codex in `dir`: pinned to the project's absolute path, failing closed (exit 2) where that blocks. */
const codexBridge = (dir: string, failure: 1 | 2) => ({
  type: 'command',
  command: `d='${dir}'; if cd "$d"; then ./node_modules/.bin/hookwire run --dialect codex --budget 110; s=$?; else s=127; fi; case $s in 126|127) echo "hookwire: cannot run $d/node_modules/.bin/hookwire (the project moved, or hookwire is not installed there): install it, or run hookwire init --host codex in the project again" >&2; exit ${failure};; esac; exit $s`,
  timeout: 120,
});

const QWEN_BRIDGE = { type: 'command', command: '"$QWEN_PROJECT_DIR"/node_modules/.bin/hookwire run --dialect qwen --budget 110', timeout: 120 };

const HOSTS = [
  {
    host: 'gemini',
    file: '.gemini/settings.json',
    events: 'BeforeTool, AfterTool, BeforeAgent, SessionStart, AfterAgent, SessionEnd, PreCompress, Notification',
    note: 'note: Gemini CLI runs project hooks only in a trusted folder',
    // A user's Gemini settings: other keys, and a hook of their own on an event init also writes.
    user: { model: { name: 'gemini-2.5-pro' }, hooks: { BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'npx prettier --check', timeout: 5000 }] }] } },
    written: (_dir: string) => ({
      hooks: {
        BeforeTool: [{ matcher: '*', hooks: [GEMINI_BRIDGE] }],
        AfterTool: [{ matcher: '*', hooks: [GEMINI_BRIDGE] }],
        BeforeAgent: [{ hooks: [GEMINI_BRIDGE] }],
        SessionStart: [{ matcher: '*', hooks: [GEMINI_BRIDGE] }],
        AfterAgent: [{ hooks: [GEMINI_BRIDGE] }],
        SessionEnd: [{ matcher: '*', hooks: [GEMINI_BRIDGE] }],
        PreCompress: [{ matcher: '*', hooks: [GEMINI_BRIDGE] }],
        Notification: [{ matcher: '*', hooks: [GEMINI_BRIDGE] }],
      },
    }),
  },
  {
    host: 'codex',
    file: '.codex/hooks.json',
    events: 'PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop, SubagentStart, SubagentStop, SessionEnd, PreCompact, PermissionRequest',
    note: 'note: Codex reads .codex/hooks.json only in a trusted project',
    user: { description: 'team hooks', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send done', timeout: 5 }] }] } },
    written: (dir: string) => ({
      hooks: {
        PreToolUse: [{ matcher: '*', hooks: [codexBridge(dir, 2)] }],
        PostToolUse: [{ matcher: '*', hooks: [codexBridge(dir, 1)] }],
        UserPromptSubmit: [{ hooks: [codexBridge(dir, 2)] }],
        SessionStart: [{ matcher: '*', hooks: [codexBridge(dir, 1)] }],
        Stop: [{ hooks: [codexBridge(dir, 1)] }],
        SubagentStart: [{ matcher: '*', hooks: [codexBridge(dir, 1)] }],
        SubagentStop: [{ matcher: '*', hooks: [codexBridge(dir, 1)] }],
        SessionEnd: [{ matcher: '*', hooks: [codexBridge(dir, 1)] }],
        PreCompact: [{ matcher: '*', hooks: [codexBridge(dir, 1)] }],
        PermissionRequest: [{ matcher: '*', hooks: [codexBridge(dir, 2)] }],
      },
    }),
  },
  {
    host: 'letta',
    file: '.letta/settings.json',
    events: 'PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop, SubagentStop, SessionEnd, PostToolUseFailure, PreCompact, PermissionRequest, Notification',
    note: 'note: Letta Code reads only exit codes from hooks',
    user: { permissions: { allow: ['Bash(ls:*)'] }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send done', timeout: 5000 }] }] } },
    written: (dir: string) => {
      const bridge = (failure: 1 | 2) => ({
        type: 'command',
        command: `d='${dir}'; if cd "$d"; then ./node_modules/.bin/hookwire run --dialect letta --budget 110; s=$?; else s=127; fi; case $s in 126|127) echo "hookwire: cannot run $d/node_modules/.bin/hookwire (the project moved, or hookwire is not installed there): install it, or run hookwire init --host letta in the project again" >&2; exit ${failure};; esac; exit $s`,
        timeout: 120000,
      });
      const events: [string, boolean, 1 | 2][] = [
        ['PreToolUse', true, 2], ['PostToolUse', true, 1], ['UserPromptSubmit', false, 2], ['SessionStart', true, 1], ['Stop', false, 1], ['SubagentStop', true, 1],
        ['SessionEnd', true, 1], ['PostToolUseFailure', true, 1], ['PreCompact', true, 1], ['PermissionRequest', true, 2], ['Notification', true, 1],
      ];
      return { hooks: Object.fromEntries(events.map(([event, matcher, failure]) => [event, [{ ...(matcher ? { matcher: '*' } : {}), hooks: [bridge(failure)] }]])) };
    },
  },
  {
    host: 'qwen',
    file: '.qwen/settings.json',
    events: 'PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop, SubagentStart, SubagentStop, SessionEnd, PostToolUseFailure, PreCompact, PermissionRequest, Notification',
    note: 'note: Qwen Code runs project hooks without a trust step',
    user: { model: { name: 'qwen3-coder-plus' }, hooks: { PreToolUse: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'npx prettier --check', timeout: 5 }] }] } },
    written: (_dir: string) => ({
      hooks: Object.fromEntries(
        ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionStart', 'Stop', 'SubagentStart', 'SubagentStop', 'SessionEnd', 'PostToolUseFailure', 'PreCompact', 'PermissionRequest', 'Notification']
          .map((event) => [event, [{ ...(['UserPromptSubmit', 'Stop'].includes(event) ? {} : { matcher: '*' }), hooks: [QWEN_BRIDGE] }]]),
      ),
    }),
  },
] as const;

describe.each(HOSTS)('hookwire init --host $host', ({ host, file, events, note, user, written }) => {
  it(`writes ${file} and the starter, says what the user must still do, and changes nothing the second time`, async () => {
    const dir = await tempDir(`hookwire-init-${host}-`);
    const first = await hookwire(['init', '--host', host], dir);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain(`hookwire init (host ${host}) in ${dir}\n  created .hookwire.json: a starter config: the hookwire:recommended rule pack, failing closed (hookwire rules lists its rules and modes)\n  created ${file}: the bridge runs on ${events}\n`);
    expect(first.stdout).toContain(note);
    expect(JSON.parse(await readFile(join(dir, file), 'utf8'))).toEqual(written(dir));
    const made = await snapshot(dir);
    expect(Object.keys(made).sort()).toEqual(['.hookwire.json', file].sort());
    expect(await hookwire(['check'], dir)).toEqual({ code: 0, stdout: projectConfigOk(dir), stderr: '' });

    const again = await hookwire(['init', '--host', host], dir);
    expect(again.stdout).toContain(`  kept ${file}: every event already runs a hookwire bridge\n  nothing to change\n`);
    expect(await snapshot(dir)).toEqual(made);

    const uninstall = await hookwire(['init', '--host', host, '--uninstall'], dir);
    expect(uninstall.stdout).toContain(`  deleted ${file}: nothing but the bridge was in it (${events})\n`);
    expect(uninstall.stdout).not.toContain('note: ');
    expect(await readdir(dir)).toEqual([]);
  });

  it(`keeps the user's own ${file} and --uninstall gives it back byte for byte`, async () => {
    const dir = await tempDir(`hookwire-init-${host}-`);
    await mkdir(join(dir, file, '..'), { recursive: true });
    const original = `${JSON.stringify(user, null, 4)}\n`;
    await writeFile(join(dir, file), original);
    const before = await snapshot(dir);

    expect((await hookwire(['init', '--host', host], dir)).code).toBe(0);
    const merged = JSON.parse(await readFile(join(dir, file), 'utf8')) as { hooks: Record<string, unknown[]> };
    for (const [event, groups] of Object.entries(user.hooks)) expect(merged.hooks[event]?.[0]).toEqual(groups[0]);
    expect(Object.keys(merged)).toEqual(Object.keys(user));

    expect((await hookwire(['init', '--host', host, '--uninstall'], dir)).code).toBe(0);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('--dry-run prints the text it would write, and writes nothing', async () => {
    const dir = await tempDir(`hookwire-init-${host}-`);
    const result = await hookwire(['init', '--host', host, '--dry-run'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`  would create ${file}: the bridge runs on ${events}\n`);
    expect(result.stdout).toContain('run --dialect');
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('hookwire init --host codex over an earlier init', () => {
  it('rewrites the git-located command an earlier init wrote, and --uninstall removes either form', async () => {
    const dir = await tempDir('hookwire-init-codex-');
    const former = { type: 'command', command: 'cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)" && ./node_modules/.bin/hookwire run --dialect codex --budget 110', timeout: 120 };
    await mkdir(join(dir, '.codex'));
    await writeFile(join(dir, '.codex/hooks.json'), `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: '*', hooks: [former] }] } }, null, 2)}\n`);
    expect((await hookwire(['init', '--host', 'codex'], dir)).code).toBe(0);
    const written = JSON.parse(await readFile(join(dir, '.codex/hooks.json'), 'utf8')) as { hooks: Record<string, { hooks: unknown[] }[]> };
    expect(written.hooks.PreToolUse).toEqual([{ matcher: '*', hooks: [codexBridge(dir, 2)] }]);
    expect((await hookwire(['init', '--host', 'codex', '--uninstall'], dir)).code).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });
});
