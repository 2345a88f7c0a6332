import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runClean, tempDir, type Exit } from '@hookwire/test-utils';
import { HOOKWIRE } from '../sidecar.js';
import { snapshot } from './init-run.js';

// init across hosts, through the real executable: several hosts in one run, --host all, an
// uninstall that keeps the config another host still loads, the warning when a host would run
// every hook twice, and --user (the user's own settings, for every project).

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A project and a home of its own (no host's user settings of the machine leak in). */
async function place(): Promise<{ project: string; home: string }> {
  const root = await tempDir('hookwire-init-many-');
  dirs.push(root);
  const result = { project: join(root, 'project'), home: join(root, 'home') };
  await mkdir(result.project);
  await mkdir(result.home);
  return result;
}

/** Host variables that move a user settings folder, emptied so the machine's never apply. */
const NO_HOST_HOMES = { CLAUDE_CONFIG_DIR: '', CODEX_HOME: '', COPILOT_HOME: '' };

/** `bin init ...` (the built hookwire unless another copy is named) in `cwd`, with `home` as $HOME and its ~/.config as the user config's base. */
function init(args: string[], cwd: string, home: string, bin = HOOKWIRE): Promise<Exit> {
  return runClean(process.execPath, [bin, 'init', ...args], { cwd, userConfigHome: join(home, '.config'), env: { HOME: home, ...NO_HOST_HOMES } });
}

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

const CLAUDE_EVENTS = 'PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop, SubagentStart, SubagentStop, SessionEnd, PostToolUseFailure, PreCompact, PermissionRequest, Notification';
const GEMINI_EVENTS = 'BeforeTool, AfterTool, BeforeAgent, SessionStart, AfterAgent, SessionEnd, PreCompress, Notification';
const STARTER_NOTE = 'a starter config: the hookwire:recommended rule pack, failing closed (hookwire rules lists its rules and modes)';

describe('hookwire init with several hosts', () => {
  it('--host claude --host gemini and --host claude,gemini set up both, with one starter, and write the same bytes', async () => {
    const repeated = await place();
    const listed = await place();
    const first = await init(['--host', 'claude', '--host', 'gemini'], repeated.project, repeated.home);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain(
      `hookwire init (hosts claude, gemini) in ${repeated.project}\n` +
        `  created .hookwire.json: ${STARTER_NOTE}\n` +
        `  created .claude/settings.json: the bridge runs on ${CLAUDE_EVENTS}\n` +
        `  created .gemini/settings.json: the bridge runs on ${GEMINI_EVENTS}\n`,
    );
    expect((await init(['--host', 'claude,gemini'], listed.project, listed.home)).code).toBe(0);
    expect(await snapshot(listed.project)).toEqual(await snapshot(repeated.project));
    expect(Object.keys(await snapshot(repeated.project)).sort()).toEqual(['.claude/settings.json', '.gemini/settings.json', '.hookwire.json']);
    // The same host twice is once.
    const again = await init(['--host', 'gemini,claude,gemini'], repeated.project, repeated.home);
    expect(again.stdout).toContain('(hosts gemini, claude)');
    expect(again.stdout).toContain('  nothing to change\n');
  });

  it('--host all sets up every host whose settings folder the project has, and only those', async () => {
    const { project, home } = await place();
    await mkdir(join(project, '.claude'));
    await mkdir(join(project, '.codex'));
    await mkdir(join(project, '.github', 'workflows'), { recursive: true }); // .github alone is not Copilot CLI
    await write(join(project, 'opencode.json'), '{}\n');
    const result = await init(['--host', 'all'], project, home);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.split('\n')[0]).toBe(`hookwire init (hosts found: claude, codex, opencode) in ${project}`);
    expect(Object.keys(await snapshot(project)).sort()).toEqual(['.claude/settings.json', '.codex/hooks.json', '.hookwire.json', '.opencode/plugin/hookwire.js', 'opencode.json']);
  });

  it('--host all in a project that uses no host says so, exits 2 and writes nothing', async () => {
    const { project, home } = await place();
    const result = await init(['--host', 'all'], project, home);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `hookwire init: --host all found no host in ${project}: none of .claude, .github/hooks, .github/copilot, .cursor, .gemini, .codex, .crush.json, crush.json, .letta, .qwen, .opencode, opencode.json, opencode.jsonc, .pi, .openclaw, .clinerules is there; name the host to set up instead, e.g. --host claude (supported: claude, copilot, cursor, gemini, codex, crush, letta, qwen, opencode, pi, openclaw, cline)\n`,
    });
    expect(await snapshot(project)).toEqual({});
  });

  it('all goes alone, and every name in a list is checked', async () => {
    const { project, home } = await place();
    const usage = '\n\nUsage:\n  hookwire init [--host claude|copilot|cursor|gemini|codex|crush|letta|qwen|opencode|pi|openclaw|cline|all ...] [--dir DIR | --user | --managed [--root DIR] [--cache DIR]] [--dry-run] [--uninstall]\n';
    expect(await init(['--host', 'all,claude'], project, home)).toEqual({ code: 2, stdout: '', stderr: `hookwire init: --host all means every host found: name it alone, not with claude${usage}` });
    expect(await init(['--host', 'claude,gemni'], project, home)).toEqual({
      code: 2,
      stdout: '',
      stderr: `hookwire init: unknown host "gemni"; did you mean "gemini"? (supported: claude, copilot, cursor, gemini, codex, crush, letta, qwen, opencode, pi, openclaw, cline, all)${usage}`,
    });
    expect((await init(['--host', 'claude,'], project, home)).stderr.split('\n')[0]).toBe('hookwire init: unknown host "" (supported: claude, copilot, cursor, gemini, codex, crush, letta, qwen, opencode, pi, openclaw, cline, all)');
    expect(await snapshot(project)).toEqual({});
  });
});

describe('hookwire init --uninstall beside another host', () => {
  it("keeps .hookwire.json while another host's settings still run the bridge, and says which; the last host's uninstall removes it", async () => {
    const { project, home } = await place();
    await write(join(project, 'README.md'), 'mine\n');
    const before = await snapshot(project);
    expect((await init(['--host', 'claude,gemini,opencode'], project, home)).code).toBe(0);
    const one = await init(['--uninstall', '--host', 'claude'], project, home);
    expect(one).toEqual({
      code: 0,
      stdout:
        `hookwire init --uninstall (host claude) in ${project}\n` +
        `  deleted .claude/settings.json: nothing but the bridge was in it (${CLAUDE_EVENTS})\n` +
        '  kept .hookwire.json: still used by Gemini CLI (.gemini/settings.json), OpenCode (.opencode/plugin/hookwire.js): left in place (the last host\'s --uninstall removes the starter)\n',
      stderr: '',
    });
    expect(existsSync(join(project, '.hookwire.json'))).toBe(true);
    expect((await init(['--uninstall', '--host', 'opencode'], project, home)).stdout).toContain('  kept .hookwire.json: still used by Gemini CLI (.gemini/settings.json): left in place');
    const last = await init(['--uninstall', '--host', 'gemini'], project, home);
    expect(last.stdout).toContain('  deleted .hookwire.json: the starter, unchanged since init wrote it\n');
    expect(await snapshot(project)).toEqual(before);
  });

  it('counts a bridge the user wrote (npx) and a settings file it cannot read as still using the config', async () => {
    const { project, home } = await place();
    expect((await init(['--host', 'claude'], project, home)).code).toBe(0);
    await write(join(project, '.codex', 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'npx hookwire run --dialect codex' }] }] } }));
    await write(join(project, '.gemini', 'settings.json'), '{ not json');
    const result = await init(['--uninstall'], project, home);
    expect(result.stdout).toContain('  kept .hookwire.json: still used by Gemini CLI (.gemini/settings.json: cannot be read, so it may), Codex (.codex/hooks.json): left in place');
  });
});

describe('hookwire init beside a host that runs the same hooks', () => {
  it('warns, naming both files, when Cursor or Copilot CLI would run every hook twice through Claude Code\'s settings', async () => {
    const { project, home } = await place();
    expect((await init(['--host', 'claude'], project, home)).stdout).not.toContain('warning:');
    const cursor = await init(['--host', 'cursor'], project, home);
    expect(cursor.code).toBe(0);
    expect(cursor.stdout).toContain(
      'warning: Cursor would run every hook twice: it runs the hooks of .cursor/hooks.json and .claude/settings.json, and each runs the hookwire bridge; keep the bridge in one of them (hookwire init --uninstall --host NAME takes one out)\n',
    );
    const copilot = await init(['--host', 'copilot'], project, home);
    expect(copilot.stdout).toContain('warning: GitHub Copilot CLI would run every hook twice: it runs the hooks of .github/hooks/hookwire.json and .claude/settings.json, and each runs the hookwire bridge;');
    // Gemini CLI reads only its own settings: no warning.
    expect((await init(['--host', 'gemini'], project, home)).stdout).not.toContain('warning:');
  });

  it("warns when Cursor's project bridge meets a user-level Claude Code one", async () => {
    const { project, home } = await place();
    expect((await init(['--user', '--host', 'claude'], project, home)).code).toBe(0);
    const cursor = await init(['--host', 'cursor'], project, home);
    expect(cursor.stdout).toContain('warning: Cursor would run every hook twice: it runs the hooks of .cursor/hooks.json and ~/.claude/settings.json, and each runs the hookwire bridge;');
    // And Claude Code itself, with a project bridge beside its user-level one.
    const claude = await init(['--host', 'claude'], project, home);
    expect(claude.stdout).toContain('warning: Claude Code would run every hook twice: it runs the hooks of .claude/settings.json and ~/.claude/settings.json, and each runs the hookwire bridge;');
  });

  it('Copilot CLI and Cursor get a trust note, as Gemini CLI and Codex do', async () => {
    const { project, home } = await place();
    const copilot = await init(['--host', 'copilot'], project, home);
    expect(copilot.stdout).toContain(
      'note: Copilot CLI loads repository hooks only in a trusted folder, and skips them silently in any other: trust this one when Copilot CLI asks (or start it with --trust-folder; COPILOT_ALLOW_ALL=true trusts every folder)\n',
    );
    const cursor = await init(['--host', 'cursor'], project, home);
    expect(cursor.stdout).toContain('note: Cursor runs project hooks only in a trusted workspace, and skips them silently in any other: trust this folder when Cursor asks (Workspace Trust);');
  });
});

/** A PreToolUse payload for Bash, in Claude Code's shape. */
function bashPayload(command: string, event = 'PreToolUse'): string {
  return JSON.stringify({ session_id: 's', transcript_path: '/tmp/t.jsonl', cwd: '/tmp', hook_event_name: event, tool_name: 'Bash', tool_input: { command }, ...(event === 'PostToolUse' ? { tool_response: {} } : {}) });
}

/** Runs a command a host would run, through sh, as Claude Code does: `env` over a clean environment, the payload on stdin. */
function runAsHost(command: string, cwd: string, home: string, env: NodeJS.ProcessEnv, stdin: string): Promise<Exit> {
  return runClean('/bin/sh', ['-c', command], { cwd, userConfigHome: join(home, '.config'), env: { HOME: home, ...env }, stdin });
}

describe('hookwire init --user', () => {
  const USER_FILES = ['.claude/settings.json', '.codex/hooks.json', '.copilot/hooks/hookwire.json', '.cursor/hooks.json', '.gemini/settings.json'];

  it("writes the user's own settings for every host and the user config, twice is once, and --uninstall gives every byte back", async () => {
    const { project, home } = await place();
    // The user's own Claude Code settings, with a hook of theirs: kept byte for byte.
    const mine = '{\n  "model": "opus",\n  "hooks": {\n    "Stop": [ { "hooks": [ { "type": "command", "command": "notify-send done" } ] } ]\n  }\n}\n';
    await write(join(home, '.claude', 'settings.json'), mine);
    const before = await snapshot(home);
    const first = await init(['--user', '--host', 'claude,gemini,codex,copilot,cursor'], project, home);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout.split('\n').slice(0, 3)).toEqual([
      `hookwire init --user (hosts claude, gemini, codex, copilot, cursor) in ${home} (your user settings, for every project)`,
      `  created .config/hookwire/config.json: a starter config (the user layer: every project loads it before its own .hookwire.json): the hookwire:recommended rule pack, failing closed (hookwire rules lists its rules and modes)`,
      `  updated .claude/settings.json: the bridge runs on ${CLAUDE_EVENTS}`,
    ]);
    expect(first.stdout).toContain(`note: the user-level hooks run ${HOOKWIRE} by its absolute path: after upgrading or moving hookwire, run hookwire init --user again (until then they fail closed, saying so)\n`);
    expect(first.stdout).toContain('note: Codex runs hooks of ~/.codex/hooks.json only once you trust them');
    expect(Object.keys(await snapshot(home)).sort()).toEqual(['.config/hookwire/config.json', ...USER_FILES].sort());
    expect(await snapshot(project)).toEqual({});
    const settings = JSON.parse(await readFile(join(home, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    // No project's node_modules: the installed bin, by its absolute path.
    expect(settings.hooks.PreToolUse![0]!.hooks[0]!.command).toBe(`b='${HOOKWIRE}'; if [ -x "$b" ]; then '${HOOKWIRE}' run --budget 110; s=$?; else s=127; fi; case $s in 126|127) echo "hookwire: cannot run $b (hookwire moved, was upgraded to another path, or was removed): install it again, then run hookwire init --user --host claude" >&2; exit 2;; esac; exit $s`);
    expect(settings.hooks.Stop![0]!.hooks[0]!.command).toBe('notify-send done');
    const written = await snapshot(home);
    const again = await init(['--user', '--host', 'all'], project, home);
    expect(again.stdout).toContain('(hosts found: claude, copilot, cursor, gemini, codex)');
    expect(again.stdout).toContain('  nothing to change\n');
    expect(await snapshot(home)).toEqual(written);
    const gone = await init(['--user', '--uninstall', '--host', 'all'], project, home);
    expect(gone.stdout).toContain('  deleted .config/hookwire/config.json: the starter, unchanged since init wrote it\n');
    expect(await snapshot(home)).toEqual(before);
    expect(existsSync(join(home, '.config'))).toBe(false);
  });

  it('--uninstall for one host keeps the user config while another host still runs the user-level bridge', async () => {
    const { project, home } = await place();
    expect((await init(['--user', '--host', 'claude,gemini'], project, home)).code).toBe(0);
    const one = await init(['--user', '--uninstall', '--host', 'claude'], project, home);
    expect(one.stdout).toContain('  kept .config/hookwire/config.json: still used by Gemini CLI (~/.gemini/settings.json): left in place');
  });

  it('the command it writes runs the user layer in any project, and fails closed, saying why, once that hookwire is gone', async () => {
    const { project, home } = await place();
    // A copy of the built package, to be removed later: what an upgrade to another path does.
    const install = join(dirname(home), 'global', 'hookwire');
    for (const part of ['dist', 'schema', 'package.json']) await cp(join(dirname(dirname(HOOKWIRE)), part), join(install, part), { recursive: true });
    const bin = join(install, 'dist', 'hookwire.cjs');
    expect((await init(['--user', '--host', 'claude'], project, home, bin)).code).toBe(0);
    const starter = JSON.parse(await readFile(join(home, '.config', 'hookwire', 'config.json'), 'utf8')) as { $schema: string };
    expect(starter.$schema).toBe(join(install, 'schema', 'hookwire.schema.json'));
    const settings = JSON.parse(await readFile(join(home, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    const pre = settings.hooks.PreToolUse![0]!.hooks[0]!.command;
    const post = settings.hooks.PostToolUse![0]!.hooks[0]!.command;
    // A project with no .hookwire.json of its own: the user layer's starter decides.
    const denied = await runAsHost(pre, project, home, { CLAUDE_PROJECT_DIR: project }, bashPayload('cat .env'));
    expect(denied.code).toBe(0);
    expect(JSON.parse(denied.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('[hookwire rule secrets-read-file') } });
    const allowed = await runAsHost(pre, project, home, { CLAUDE_PROJECT_DIR: project }, bashPayload('ls'));
    expect(allowed).toMatchObject({ code: 0, stderr: '' });

    await rm(install, { recursive: true });
    const why = `hookwire: cannot run ${bin} (hookwire moved, was upgraded to another path, or was removed): install it again, then run hookwire init --user --host claude\n`;
    expect(await runAsHost(pre, project, home, { CLAUDE_PROJECT_DIR: project }, bashPayload('ls'))).toEqual({ code: 2, stdout: '', stderr: why });
    // Where exit 2 would block something that is already done, the failure is shown without blocking.
    expect(await runAsHost(post, project, home, { CLAUDE_PROJECT_DIR: project }, bashPayload('ls', 'PostToolUse'))).toEqual({ code: 1, stdout: '', stderr: why });
  });

  it('--host all finds the hosts by their folder in $HOME, and says so when there is none', async () => {
    const { project, home } = await place();
    const none = await init(['--user', '--host', 'all'], project, home);
    expect(none).toEqual({
      code: 2,
      stdout: '',
      stderr: 'hookwire init: --host all found no host in your home folder: none of ~/.claude, ~/.copilot, ~/.cursor, ~/.gemini, ~/.codex, ~/.config/crush, ~/.letta, ~/.qwen is there; name the host to set up instead, e.g. --host claude (supported: claude, copilot, cursor, gemini, codex, crush, letta, qwen)\n',
    });
    await mkdir(join(home, '.gemini'));
    expect((await init(['--user', '--host', 'all', '--dry-run'], project, home)).stdout.split('\n')[0]).toBe(`hookwire init --user (hosts found: gemini) in ${home} (your user settings, for every project) (dry run: nothing written)`);
  });

  it('does not take OpenCode (a plugin package) or --dir', async () => {
    const { project, home } = await place();
    expect(await init(['--user', '--host', 'opencode'], project, home)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'hookwire init: --user does not set up OpenCode: its hooks are a plugin package, which a user folder does not install; list @hookwire/opencode in the "plugin" list of your global OpenCode config yourself (docs/hosts-setup.md)\n',
    });
    const dir = await init(['--user', '--dir', project], project, home);
    expect(dir.code).toBe(2);
    expect(dir.stderr.split('\n')[0]).toBe('hookwire init: --user sets up your own settings (under $HOME), for every project: it takes no --dir');
    expect(await snapshot(home)).toEqual({});
  });
});
