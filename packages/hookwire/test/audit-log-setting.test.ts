import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bareEnv, cleanupSidecars, runHookwire, startSidecar, tempDir, writeConfig } from './sidecar.js';
import { killServes, post, startServe } from './serve/serve-process.js';

afterEach(async () => {
  await killServes();
  await cleanupSidecars();
});

// The config's `auditLog` (docs/config.md): run, listen and serve record there without --log, and
// ui, log and statusline read it without --log. Each test has a home of its own: the default place
// is $HOME/.local/state/hookwire/audit.jsonl.

const guard = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'not here' >&2; exit 2" };

/** A user with a home of their own, no user config and no $XDG_STATE_HOME. */
async function user(): Promise<{ dir: string; home: string; env: NodeJS.ProcessEnv; defaultLog: string }> {
  const dir = await tempDir();
  const home = join(dir, 'home');
  await mkdir(home);
  const env: NodeJS.ProcessEnv = { ...bareEnv(dir), HOME: home };
  delete env.XDG_STATE_HOME;
  delete env.HOOKWIRE_ORG_CONFIG;
  delete env.XDG_CACHE_HOME;
  return { dir, home, env, defaultLog: join(home, '.local', 'state', 'hookwire', 'audit.jsonl') };
}

/** A project folder with a `.git` (its root) and this config. */
async function project(dir: string, name: string, config: Record<string, unknown>): Promise<string> {
  const root = join(dir, name);
  await mkdir(join(root, '.git'), { recursive: true });
  await writeConfig(root, config, '.hookwire.json');
  return root;
}

function bash(cwd: string, command: string): string {
  return JSON.stringify({ session_id: 's1', cwd, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } });
}

function records(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('"auditLog" in the config', () => {
  it('true: run records every decision in the default place, and log, statusline and ui read it there with no flag', async () => {
    const { dir, env, defaultLog } = await user();
    const app = await project(dir, 'app', { auditLog: true, hooks: [guard] });
    const ran = await runHookwire(['run'], { input: bash(app, 'ls'), cwd: app, env });
    expect(ran.code).toBe(0);
    expect(records(defaultLog)).toMatchObject([{ v: 1, event: 'PreToolUse', cwd: app, payload: { tool_input: { command: 'ls' } }, outcome: { decision: 'deny' } }]);

    const log = await runHookwire(['log'], { cwd: app, env });
    expect(log).toMatchObject({ code: 0, stderr: '' });
    expect(log.stdout).toMatch(/^\S+ \S+Z {2}#1 {2}claude PreToolUse Bash {2}deny {3}by guard: not here\n$/);
    const status = await runHookwire(['statusline'], { input: JSON.stringify({ workspace: { project_dir: app } }), cwd: dir, env });
    expect(status.stdout).toMatch(/^hookwire ON · 1 guard · config [0-9a-f]{12} · last deny \d+s ago: Bash by guard\n$/);
  });

  it('one file for every project: each record carries its cwd, and the status line shows only its project\'s denial', async () => {
    const { dir, env, defaultLog } = await user();
    const app = await project(dir, 'app', { auditLog: true, hooks: [guard] });
    const other = await project(dir, 'other', { auditLog: true, hooks: [{ ...guard, matcher: 'Read' }] });
    expect((await runHookwire(['run'], { input: bash(app, 'ls'), cwd: app, env })).code).toBe(0);
    expect((await runHookwire(['run'], { input: bash(other, 'ls'), cwd: other, env })).code).toBe(0);
    expect(records(defaultLog).map((record) => [record.cwd, (record.outcome as { decision?: string }).decision ?? 'none'])).toEqual([[app, 'deny'], [other, 'none']]);
    const status = await runHookwire(['statusline'], { input: JSON.stringify({ workspace: { project_dir: other } }), cwd: dir, env });
    expect(status.stdout).toMatch(/^hookwire ON · 1 guard · config [0-9a-f]{12}\n$/);
    const ours = await runHookwire(['statusline'], { input: JSON.stringify({ workspace: { project_dir: app } }), cwd: dir, env });
    expect(ours.stdout).toContain('last deny');
  });

  it('a path ("~/..." or absolute) and "payloads": false; $XDG_STATE_HOME moves the default place', async () => {
    const { dir, home, env } = await user();
    const app = await project(dir, 'app', { auditLog: { path: '~/logs/hw.jsonl', payloads: false }, hooks: [guard] });
    expect((await runHookwire(['run'], { input: bash(app, 'ls'), cwd: app, env })).code).toBe(0);
    const [record] = records(join(home, 'logs', 'hw.jsonl'));
    expect(record).toMatchObject({ event: 'PreToolUse', outcome: { decision: 'deny' } });
    expect(record).not.toHaveProperty('payload');

    const state = join(dir, 'state');
    const moved = await project(dir, 'moved', { auditLog: true, hooks: [guard] });
    expect((await runHookwire(['run'], { input: bash(moved, 'ls'), cwd: moved, env: { ...env, XDG_STATE_HOME: state } })).code).toBe(0);
    expect(records(join(state, 'hookwire', 'audit.jsonl'))).toHaveLength(1);
  });

  it('--log wins over the config, and a config without auditLog records nothing', async () => {
    const { dir, env, defaultLog } = await user();
    const app = await project(dir, 'app', { auditLog: true, hooks: [guard] });
    const given = join(dir, 'given.jsonl');
    expect((await runHookwire(['run', '--log', given], { input: bash(app, 'ls'), cwd: app, env })).code).toBe(0);
    expect(records(given)).toHaveLength(1);
    expect(existsSync(defaultLog)).toBe(false);
    const quiet = await project(dir, 'quiet', { hooks: [guard] });
    expect((await runHookwire(['run'], { input: bash(quiet, 'ls'), cwd: quiet, env })).code).toBe(0);
    expect(existsSync(defaultLog)).toBe(false);
  });

  it("the organisation layer's setting wins: a project cannot turn the recording off or move it", async () => {
    const { dir, env, defaultLog } = await user();
    const org = join(dir, 'org.json');
    await writeFile(org, JSON.stringify({ auditLog: true, hooks: [] }));
    const app = await project(dir, 'app', { auditLog: false, hooks: [guard] });
    expect((await runHookwire(['run', '--org-config', org], { input: bash(app, 'ls'), cwd: app, env })).code).toBe(0);
    expect(records(defaultLog)).toHaveLength(1);
    const moving = await project(dir, 'moving', { auditLog: '/dev/null', hooks: [guard] });
    expect((await runHookwire(['run', '--org-config', org], { input: bash(moving, 'ls'), cwd: moving, env })).code).toBe(0);
    expect(records(defaultLog)).toHaveLength(2);
  });

  it('a failure of the bridge before its config is read goes to the default place when a config had recorded there', async () => {
    const { dir, env, defaultLog } = await user();
    const app = await project(dir, 'app', { auditLog: true, hooks: [guard] });
    expect((await runHookwire(['run'], { input: bash(app, 'ls'), cwd: app, env })).code).toBe(0);
    await writeFile(join(app, '.hookwire.json'), '{"auditLog": true, "hooks": [');
    expect((await runHookwire(['run'], { input: bash(app, 'ls'), cwd: app, env })).code).toBe(0);
    expect(records(defaultLog)).toMatchObject([{ outcome: { decision: 'deny' } }, { type: 'bridge-failure', error: { code: 'HOOKWIRE_CONFIG_INVALID' } }]);
    const status = await runHookwire(['statusline', '--log', defaultLog], { input: JSON.stringify({ workspace: { project_dir: app } }), cwd: dir, env });
    expect(status.stdout).toMatch(/^hookwire OFF — config error: /);
  });

  it('listen and serve record there too (read once, at their start)', async () => {
    const { dir, env, home } = await user();
    const app = await project(dir, 'app', { auditLog: '~/servers.jsonl', hooks: [guard] });
    const sidecar = startSidecar(['listen', '--config', join(app, '.hookwire.json')], env);
    sidecar.send({ op: 'dispatch', event: 'PreToolUse', payload: JSON.parse(bash(app, 'from listen')) as Record<string, unknown> });
    sidecar.send({ op: 'bye' });
    await sidecar.exited;
    const server = await startServe(['--config', join(app, '.hookwire.json')], env);
    expect((await post(`${server.url}/hooks/claude`, JSON.parse(bash(app, 'from serve')))).status).toBe(200);
    await server.stop();
    expect(records(join(home, 'servers.jsonl')).map((record) => (record.payload as { tool_input: { command: string } }).tool_input.command)).toEqual(['from listen', 'from serve']);
  });

  it("keeps the config's secrets out of the shared file: the payload, and a rule's reason quoting the command, redacted", async () => {
    const { dir, env, defaultLog } = await user();
    const secret = 'token-of-the-webhook-31337';
    const app = await project(dir, 'app', {
      auditLog: true,
      hooks: [
        { id: 'no-curl', event: 'PreToolUse', matcher: 'Bash', type: 'rule', for: 'command', when: "c.program == 'curl'", decision: 'deny', reason: 'no curl' },
        { id: 'notify', event: 'PreToolUse', matcher: 'Bash', type: 'http', url: 'http://127.0.0.1:9/hook', headers: { authorization: 'Bearer $HOOK_TOKEN' }, allowedEnvVars: ['HOOK_TOKEN'], timeout: 2 },
      ],
    });
    const ran = await runHookwire(['run'], { input: bash(app, `curl -H "x: ${secret}" https://example.invalid`), cwd: app, env: { ...env, HOOK_TOKEN: secret } });
    expect(ran.stdout).toContain('"permissionDecision":"deny"');
    const text = readFileSync(defaultLog, 'utf8');
    expect(text).not.toContain(secret);
    expect(records(defaultLog)).toMatchObject([{ payload: { tool_input: { command: 'curl -H "x: [redacted]" https://example.invalid' } }, outcome: { decision: 'deny', reason: 'no curl [hookwire rule no-curl, matched: curl -H "x: [redacted]" https://example.invalid]' } }]);
  });

  it('a wrong value is a config error that names what it may be', async () => {
    const { dir, env } = await user();
    const app = await project(dir, 'app', { auditLog: 'logs/audit.jsonl', hooks: [guard] });
    const check = await runHookwire(['check'], { cwd: app, env });
    expect(check.code).toBe(1);
    expect(check.stdout + check.stderr).toContain('/auditLog: auditLog must be true, false, an absolute path or one under the home folder ("~/logs/audit.jsonl"), or { "path": ..., "payloads": true|false }');
  });
});

describe('ui and log without --log', () => {
  it('say precisely why there is nothing to read, exit 2', async () => {
    const { dir, env, defaultLog } = await user();
    const none = await runHookwire(['log'], { cwd: dir, env });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^hookwire log: no audit log to read: no hookwire config found: looked at .*, and nothing was recorded in the default place \(/);
    expect(none.stderr).toContain(`(${defaultLog}); pass --log FILE, or run "npx hookwire init" (its config records every decision there)\n`);
    const quiet = await project(dir, 'quiet', { hooks: [guard] });
    const off = await runHookwire(['ui', '--no-open'], { cwd: quiet, env });
    expect(off).toEqual({
      code: 2,
      stdout: '',
      stderr: `hookwire ui: no audit log to read: the config (${join(quiet, '.hookwire.json')}) does not record decisions (no "auditLog" setting); add "auditLog": true to it (records go to ${defaultLog}), or pass --log FILE (a log written by run, listen or serve --log)\n`,
    });
  });

  it("log reads the config's file, and the default place when no config is found but a log is there", async () => {
    const { dir, env } = await user();
    const app = await project(dir, 'app', { auditLog: true, hooks: [guard] });
    expect(await runHookwire(['log'], { cwd: app, env })).toEqual({ code: 0, stdout: '', stderr: `hookwire log: no decision recorded yet: ${join(env.HOME!, '.local/state/hookwire/audit.jsonl')} (the config's auditLog) is not there; the bridge writes it on its first event\n` });
    expect((await runHookwire(['run'], { input: bash(app, 'ls'), cwd: app, env })).code).toBe(0);
    const elsewhere = join(dir, 'elsewhere');
    await mkdir(join(elsewhere, '.git'), { recursive: true });
    const log = await runHookwire(['log', '--json'], { cwd: elsewhere, env });
    expect(log.code).toBe(0);
    expect(JSON.parse(log.stdout) as Record<string, unknown>).toMatchObject({ line: 1, decision: 'deny', by: 'guard' });
  });
});

describe('init turns it on, and --uninstall still knows the starter of before', () => {
  it("init's starter has \"auditLog\": true, and the bridge it sets up records there", async () => {
    const { dir, env, defaultLog } = await user();
    const app = join(dir, 'app');
    await mkdir(join(app, '.git'), { recursive: true });
    expect((await runHookwire(['init', '--host', 'claude'], { cwd: app, env })).code).toBe(0);
    const starter = JSON.parse(await readFile(join(app, '.hookwire.json'), 'utf8')) as Record<string, unknown>;
    expect(starter.auditLog).toBe(true);
    const ran = await runHookwire(['run', '--budget', '110'], { input: bash(app, 'git push --force origin main'), cwd: app, env });
    expect(ran.stdout).toContain('"permissionDecision":"deny"');
    expect(records(defaultLog)).toMatchObject([{ cwd: app, outcome: { decision: 'deny' } }]);
  });

  it('removes a starter written before auditLog (the rule pack alone) on --uninstall', async () => {
    const { dir, env } = await user();
    const app = join(dir, 'app');
    await mkdir(join(app, '.git'), { recursive: true });
    expect((await runHookwire(['init', '--host', 'claude'], { cwd: app, env })).code).toBe(0);
    const path = join(app, '.hookwire.json');
    const text = await readFile(path, 'utf8');
    // What init wrote before: the same text without the auditLog line.
    const before = text.replace(/\n {2}"auditLog": true,/, '');
    expect(before).not.toBe(text);
    await writeFile(path, before);
    const removed = await runHookwire(['init', '--host', 'claude', '--uninstall'], { cwd: app, env });
    expect(removed.code).toBe(0);
    expect(existsSync(path)).toBe(false);
  });
});
