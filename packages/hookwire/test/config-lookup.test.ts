import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runClean, type Exit, tempDir } from '@hookwire/test-utils';
import { HOOKWIRE } from './sidecar.js';

// Every command finds its config the same way when --config is absent (src/config-location.ts).

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Places {
  root: string;
  home: string;
  project: string;
  cwd: string;
}

async function places(): Promise<Places> {
  const root = await tempDir('hookwire-lookup-');
  dirs.push(root);
  const result = { root, home: join(root, 'xdg'), project: join(root, 'project'), cwd: join(root, 'cwd') };
  for (const dir of [result.home, result.project, result.cwd]) await mkdir(dir, { recursive: true });
  return result;
}

/** A config whose one hook denies Bash, saying which file it came from. */
function denyFrom(name: string): string {
  return JSON.stringify({ hooks: [{ id: name, event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `echo 'denied by ${name}' >&2; exit 2` }] });
}

function hookwire(args: string[], where: Places, env: NodeJS.ProcessEnv = {}, stdin = ''): Promise<Exit> {
  return runClean(process.execPath, [HOOKWIRE, ...args], { cwd: where.cwd, userConfigHome: where.home, env, stdin });
}

function bashPayload(cwd: string): string {
  return `${JSON.stringify({ session_id: 's', transcript_path: '/tmp/t.jsonl', cwd, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } })}\n`;
}

function reasonOf(stdout: string): unknown {
  return (JSON.parse(stdout) as { hookSpecificOutput: { permissionDecisionReason: unknown } }).hookSpecificOutput.permissionDecisionReason;
}

describe('without --config', () => {
  it("run takes .hookwire.json from $CLAUDE_PROJECT_DIR, else from where it was started, never from the payload's cwd", async () => {
    const where = await places();
    await writeFile(join(where.project, '.hookwire.json'), denyFrom('project'));
    await writeFile(join(where.cwd, '.hookwire.json'), denyFrom('cwd'));
    // A folder the model could make and cd into: a config there that would switch the guard off.
    const hostile = join(where.root, 'hostile');
    await mkdir(hostile);
    await writeFile(join(hostile, '.hookwire.json'), JSON.stringify({ hooks: [] }));

    const named = await hookwire(['run'], where, { CLAUDE_PROJECT_DIR: where.project }, bashPayload(hostile));
    expect(named.code).toBe(0);
    expect(reasonOf(named.stdout)).toBe('denied by project');
    const started = await hookwire(['run'], where, {}, bashPayload(hostile));
    expect(started.code).toBe(0);
    expect(reasonOf(started.stdout)).toBe('denied by cwd');
  });

  it('layers the user config before the project file, for run and dispatch alike', async () => {
    const where = await places();
    await mkdir(join(where.home, 'hookwire'));
    await writeFile(join(where.home, 'hookwire', 'config.json'), denyFrom('user'));
    await writeFile(join(where.cwd, '.hookwire.json'), denyFrom('project'));
    const run = await hookwire(['run'], where, {}, bashPayload(where.cwd));
    expect(reasonOf(run.stdout)).toBe('denied by user\n\ndenied by project');
    const dispatch = await hookwire(['dispatch', '--json', '--event', 'PreToolUse'], where, {}, JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } }));
    expect(dispatch.code).toBe(0);
    expect((JSON.parse(dispatch.stdout) as { runs: { hook: string }[] }).runs.map((r) => r.hook)).toEqual(['user', 'project']);
  });

  it('$HOOKWIRE_CONFIG replaces the lookup, for check as for run', async () => {
    const where = await places();
    await writeFile(join(where.cwd, '.hookwire.json'), denyFrom('project'));
    const named = join(where.root, 'named.json');
    await writeFile(named, JSON.stringify({ hooks: [{ event: 'Nope', type: 'command', command: 'true' }] }));
    const check = await hookwire(['check', '--json'], where, { HOOKWIRE_CONFIG: named });
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout)).toEqual([expect.objectContaining({ severity: 'error', path: '/hooks/0/event', file: named })]);
    const layers = `loaded 1 config layer, in order (hooks run in this order; a later layer's settings win):\n  1. project  ${join(where.cwd, '.hookwire.json')}  (the project layer: .hookwire.json in the current directory)\n`;
    expect(await hookwire(['check'], where)).toEqual({ code: 0, stdout: `${layers}config OK: no problems found\n`, stderr: '' });
  });

  it('check, listen and dispatch name every place they looked at when there is no config', async () => {
    const where = await places();
    // The root is a git project: the lookup up from cwd stops there, whatever the machine has above it.
    await mkdir(join(where.root, '.git'));
    const message = `no hookwire config found: looked at $HOOKWIRE_CONFIG (not set), ${join(where.home, 'hookwire', 'config.json')} (not found), ${join(where.cwd, '.hookwire.json')} (not found, nor in any folder above it up to ${where.root}, which holds .git (the project's root)); pass --config FILE, or create one with "hookwire init"`;
    for (const args of [['check'], ['listen'], ['dispatch', '--event', 'Stop']]) {
      // Nothing to check or serve: the command could not run (2), and says so in its own name.
      expect(await hookwire(args, where, {}, '{}')).toEqual({ code: 2, stdout: '', stderr: `hookwire ${args[0]}: ${message}\n` });
    }
  });

  it('run says so too, and blocks nothing', async () => {
    const where = await places();
    const result = await hookwire(['run'], where, { CLAUDE_PROJECT_DIR: where.project }, bashPayload(where.cwd));
    expect(result.code).not.toBe(2);
    expect(result.stderr).toContain(`no hookwire config found: looked at $HOOKWIRE_CONFIG (not set), ${join(where.home, 'hookwire', 'config.json')} (not found), ${join(where.project, '.hookwire.json')} (not found; the project directory is $CLAUDE_PROJECT_DIR)`);
  });
});

describe('from a subfolder of the project, without --config or a host variable', () => {
  /** A git project with its .hookwire.json at the root, and the command started in src/deep. */
  async function deepProject(where: Places): Promise<{ root: string; deep: string }> {
    const root = join(where.root, 'repo');
    const deep = join(root, 'src', 'deep');
    await mkdir(deep, { recursive: true });
    await mkdir(join(root, '.git'));
    await writeFile(join(root, '.hookwire.json'), denyFrom('project'));
    return { root, deep };
  }

  it("check finds the project's config and lists every layer it loaded, in order, with paths", async () => {
    const where = await places();
    const { root, deep } = await deepProject(where);
    await mkdir(join(where.home, 'hookwire'));
    await writeFile(join(where.home, 'hookwire', 'config.json'), denyFrom('user'));
    const check = await hookwire(['check'], { ...where, cwd: deep });
    expect(check).toEqual({
      code: 0,
      stdout:
        "loaded 2 config layers, in order (hooks run in this order; a later layer's settings win):\n" +
        `  1. user     ${join(where.home, 'hookwire', 'config.json')}  (the user layer, for every project: $XDG_CONFIG_HOME/hookwire/config.json)\n` +
        `  2. project  ${join(root, '.hookwire.json')}  (the project layer: the nearest .hookwire.json, 2 folders up from the current directory (${deep}))\n` +
        'config OK: no problems found\n',
      stderr: '',
    });
  });

  it('run and dispatch use the same lookup: the guard at the root denies', async () => {
    const where = await places();
    const { deep } = await deepProject(where);
    const run = await hookwire(['run'], { ...where, cwd: deep }, {}, bashPayload(deep));
    expect(run.code).toBe(0);
    expect(reasonOf(run.stdout)).toBe('denied by project');
    const dispatch = await hookwire(['dispatch', '--json', '--event', 'PreToolUse'], { ...where, cwd: deep }, {}, JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } }));
    expect((JSON.parse(dispatch.stdout) as { runs: { hook: string }[] }).runs.map((r) => r.hook)).toEqual(['project']);
  });

  it('stops at the git root: a config above the project is not taken, and the error says where the lookup stopped', async () => {
    const where = await places();
    const root = join(where.root, 'repo');
    const deep = join(root, 'src', 'deep');
    await mkdir(deep, { recursive: true });
    await mkdir(join(root, '.git'));
    await writeFile(join(where.root, '.hookwire.json'), denyFrom('outside'));
    const check = await hookwire(['check'], { ...where, cwd: deep });
    expect(check).toEqual({
      code: 2,
      stdout: '',
      stderr: `hookwire check: no hookwire config found: looked at $HOOKWIRE_CONFIG (not set), ${join(where.home, 'hookwire', 'config.json')} (not found), ${join(deep, '.hookwire.json')} (not found, nor in any folder above it up to ${root}, which holds .git (the project's root)); pass --config FILE, or create one with "hookwire init"\n`,
    });
  });
});
