import { chmod, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '@hookwire/test-utils';
import { hostOf, makeProject, problemsOf, type Report } from './doctor/doctor-project.js';

// `hookwire doctor`, the real built executable, in temp projects wired by the real `hookwire init`,
// with HOME (and the managed-settings root) pointed at temp folders: each test breaks one thing
// and asserts what doctor finds and its exit code.

afterAll(() => removeTempDirs());

describe('hookwire doctor: a project wired by init', () => {
  it('finds Claude Code wired on all 12 events, its command answering a harmless call and denying a dangerous one: exit 0', async () => {
    const p = await makeProject(['claude']);
    const { exit, report } = await p.doctor();
    expect(problemsOf(report)).toEqual([]);
    expect(exit.code).toBe(0);
    expect(report).toMatchObject({ version: 1, projectDir: p.project, ok: true, problems: 0 });
    expect(report.config.layers).toEqual([{ file: join(p.project, '.hookwire.json'), from: 'project' }]);
    expect(report.hosts.map((h) => h.host)).toEqual(['claude']);
    const claude = hostOf(report, 'claude');
    expect(claude.wired).toEqual([{ file: join(p.project, '.claude/settings.json'), level: 'project', events: expect.arrayContaining(['PreToolUse', 'Stop', 'PermissionRequest']) }]);
    expect(claude.wired[0]!.events).toHaveLength(12);
    expect(claude.missingEvents).toEqual([]);
    const checks = Object.fromEntries(claude.findings.map((f) => [f.check, f.status]));
    expect(checks).toMatchObject({ wired: 'ok', suppressed: 'ok', live: 'ok', 'live-deny': 'ok' });
  });

  it('prints a report for people: a section per host, ✓ lines, a summary', async () => {
    const p = await makeProject(['claude']);
    const exit = await p.run(['doctor']);
    expect(exit.code).toBe(0);
    expect(exit.stdout).toContain(`hookwire doctor in ${p.project}\n`);
    expect(exit.stdout).toContain('\nclaude (Claude Code)\n');
    expect(exit.stdout).toMatch(/  ✓ the command in .*\.claude\/settings\.json answered a harmless `ls` call in \d+ ms: allowed\n/);
    expect(exit.stdout).toContain('  ✓ a dangerous-looking shell call (recursive delete of /) was denied\n');
    expect(exit.stdout).toMatch(/\nno problems, 0 notes\n$/);
  });

  it('says no host runs hookwire in a project without any: exit 1 with the init hint', async () => {
    const p = await makeProject([]);
    await p.write('.hookwire.json', { hooks: [] });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(report.hosts).toEqual([]);
    expect(report.findings).toEqual([expect.objectContaining({ status: 'problem', check: 'wired', fix: expect.stringContaining('hookwire init --host') })]);
  });

  it('a bad flag is exit 2, with the usage', async () => {
    const p = await makeProject(['claude']);
    const exit = await p.run(['doctor', '--jsn']);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('hookwire doctor: unknown flag --jsn; did you mean --json?');
  });
});

describe('hookwire doctor: what breaks a guard', () => {
  it('a deleted guard script (relative to the project, or under $HOOKWIRE_CONFIG_DIR) is a problem naming the script', async () => {
    const p = await makeProject(['claude']);
    await p.write('guards/near.js', 'process.stdin.resume();\n');
    await p.write('guards/by-dir.js', 'process.stdin.resume();\n');
    await p.write('.hookwire.json', {
      hooks: [
        { id: 'near', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'node guards/near.js' },
        { id: 'by-dir', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'node "$HOOKWIRE_CONFIG_DIR/guards/by-dir.js"' },
      ],
    });
    const before = await p.doctor();
    expect(problemsOf(before.report)).toEqual([]);
    expect(before.exit.code).toBe(0);

    await rm(join(p.project, 'guards'), { recursive: true });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    const problems = problemsOf(report).map((f) => f.message);
    expect(problems).toContainEqual(expect.stringMatching(/hook near .*runs "guards\/near\.js", which does not exist in the project folder/));
    expect(problems).toContainEqual(expect.stringContaining(`command runs the script "${join(p.project, 'guards/by-dir.js')}", which does not exist`));
  });

  it('a prompt hook with no llm: a config problem, and the live check sees the notice the user would get', async () => {
    const p = await makeProject(['claude']);
    await p.write('.hookwire.json', { hooks: [{ id: 'judge', event: 'PreToolUse', type: 'prompt', prompt: 'Is this safe? $ARGUMENTS' }] });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(report.config.findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'config', message: expect.stringContaining('a prompt hook needs an LLM endpoint') }));
    const live = hostOf(report, 'claude').findings.find((f) => f.check === 'live');
    expect(live).toMatchObject({ status: 'problem', message: expect.stringMatching(/notice to the user: .*judge/) });
  });

  it('an LLM judge that is down: the live check sees the notice the user would get', async () => {
    const p = await makeProject(['claude']);
    const { createServer } = await import('node:net');
    // A port that was free a moment ago: nothing listens there, so the judge cannot be reached.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    await p.write('.hookwire.json', { llm: { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'judge' }, hooks: [{ id: 'judge', event: 'PreToolUse', type: 'prompt', prompt: 'Is this safe? $ARGUMENTS', timeout: 5 }] });
    const { exit, report } = await p.doctor();
    expect(report.config.findings.filter((f) => f.status === 'problem')).toEqual([]);
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'claude').findings.find((f) => f.check === 'live')).toMatchObject({ status: 'problem', message: expect.stringMatching(/notice to the user: .*judge/) });
  });

  it('a config that is not JSON: a config problem, and the live check sees the bridge say so', async () => {
    const p = await makeProject(['claude']);
    await p.write('.hookwire.json', '{"hooks": [\n');
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(report.config.findings.filter((f) => f.status === 'problem' && f.check === 'config')).not.toEqual([]);
    expect(hostOf(report, 'claude').findings.find((f) => f.check === 'live')).toMatchObject({ status: 'problem' });
  });

  it('a rule pack that does not load is a config problem, and without a rule pack no dangerous call is sent', async () => {
    const p = await makeProject(['claude']);
    await p.write('.hookwire.json', { hooks: [{ id: 'pack', type: 'rule', pack: 'hookwire:recomended' }] });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(report.config.findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'config', message: expect.stringContaining('hookwire:recomended') }));

    await p.write('.hookwire.json', { hooks: [] });
    const plain = await p.doctor();
    expect(plain.exit.code).toBe(0);
    expect(hostOf(plain.report, 'claude').findings.map((f) => f.check)).not.toContain('live-deny');
  });

  it('no config anywhere: a problem naming the places looked at', async () => {
    const p = await makeProject(['claude']);
    await rm(join(p.project, '.hookwire.json'));
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(report.config.layers).toEqual([]);
    expect(report.config.findings).toEqual([expect.objectContaining({ status: 'problem', check: 'config', message: expect.stringContaining('no hookwire config found') })]);
  });

  it('an organisation layer ($HOOKWIRE_ORG_CONFIG) is listed first, and with it no project config is needed', async () => {
    const p = await makeProject(['claude']);
    await rm(join(p.project, '.hookwire.json'));
    const org = join(p.project, 'org.json');
    await p.write('org.json', { hooks: [{ id: 'org-guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'exit 0' }] });
    const { exit, report } = await p.doctor({ HOOKWIRE_ORG_CONFIG: org });
    expect(report.config.layers).toEqual([{ file: org, from: 'org' }]);
    expect(report.config.findings.filter((f) => f.status === 'problem')).toEqual([]);
    expect(exit.code).toBe(0);
  });

  it('--org-config on a bridge line (as init --managed writes it) names the organisation layer; a missing one is a problem saying how to install it', async () => {
    const p = await makeProject(['claude']);
    await rm(join(p.project, '.hookwire.json'));
    const org = join(p.project, 'cache', 'current', '.hookwire.json');
    const line = `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire run --org-config '${org}' --on-error block --budget 110`;
    await p.write('.claude/settings.json', { hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: line, timeout: 120 }] }] } });
    const missing = await p.doctor();
    expect(missing.report.config.layers).toEqual([{ file: org, from: 'org' }]);
    expect(missing.report.config.findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'layer', message: `${org} (org) does not exist`, fix: expect.stringContaining('hookwire bundle pull') }));
    await p.write('cache/current/.hookwire.json', { hooks: [{ id: 'org-guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'exit 0' }] });
    const present = await p.doctor();
    expect(present.report.config.findings).toContainEqual(expect.objectContaining({ status: 'ok', check: 'layer', message: `loads ${org} (org)` }));
    expect(present.report.config.findings.filter((f) => f.status === 'problem')).toEqual([]);
  });

  it('--config names the layers doctor checks', async () => {
    const p = await makeProject(['claude']);
    await p.write('other.json', { hooks: [] });
    const exit = await p.run(['doctor', '--json', '--config', join(p.project, 'other.json')]);
    const report = JSON.parse(exit.stdout) as Report;
    expect(report.config.layers).toEqual([{ file: join(p.project, 'other.json'), from: 'flag' }]);
  });

  it('a bridge whose program is gone fails the live check (the host would get exit 127)', async () => {
    const p = await makeProject(['claude']);
    await rm(join(p.project, 'node_modules', '.bin', 'hookwire'));
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'claude').findings.find((f) => f.check === 'live')).toMatchObject({ status: 'problem', message: expect.stringContaining('exited with code 127') });
  });

  it('an event missing from the settings is a note, not a problem', async () => {
    const p = await makeProject(['claude']);
    const settings = (await p.read('.claude/settings.json')) as { hooks: Record<string, unknown> };
    delete settings.hooks.Notification;
    await p.write('.claude/settings.json', settings);
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(0);
    const claude = hostOf(report, 'claude');
    expect(claude.missingEvents).toEqual(['Notification']);
    expect(claude.findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'events', message: expect.stringContaining('no bridge on Notification') }));
  });
});

describe('hookwire doctor: what turns Claude Code hooks off', () => {
  // disableAllHooks with Claude Code's precedence: managed > local > project > user, the first that sets it decides.
  const cases: { name: string; files: Record<string, unknown>; off?: string }[] = [
    { name: 'user settings say disableAllHooks', files: { '~/.claude/settings.json': { disableAllHooks: true } }, off: '~/.claude/settings.json' },
    { name: 'local settings say disableAllHooks', files: { '.claude/settings.local.json': { disableAllHooks: true } }, off: '.claude/settings.local.json' },
    { name: 'the project turns it back on over the user', files: { '~/.claude/settings.json': { disableAllHooks: true }, '.claude/settings.local.json': { disableAllHooks: false } } },
    { name: 'managed settings say disableAllHooks, whatever the project says', files: { '/etc/claude-code/managed-settings.json': { disableAllHooks: true }, '.claude/settings.local.json': { disableAllHooks: false } }, off: '/etc/claude-code/managed-settings.json' },
  ];
  it.each(cases)('$name', async ({ files, off }) => {
    const p = await makeProject(['claude']);
    for (const [path, value] of Object.entries(files)) await p.write(path, value);
    const { exit, report } = await p.doctor();
    const suppressed = hostOf(report, 'claude').findings.filter((f) => f.check === 'suppressed' && f.status === 'problem');
    if (off === undefined) {
      expect(suppressed).toEqual([]);
      expect(exit.code).toBe(0);
      return;
    }
    const file = off.startsWith('~/') ? join(p.home, off.slice(2)) : off.startsWith('/') ? join(p.managed, off) : join(p.project, off);
    expect(suppressed).toEqual([expect.objectContaining({ file, message: expect.stringContaining('disableAllHooks is true'), fix: `remove "disableAllHooks": true from ${file}` })]);
    expect(exit.code).toBe(1);
  });

  it('managed allowManagedHooksOnly (in managed-settings.d too) keeps the project bridge from running', async () => {
    const p = await makeProject(['claude']);
    await p.write('/etc/claude-code/managed-settings.d/10-policy.json', { allowManagedHooksOnly: true });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'claude').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'suppressed', message: expect.stringContaining('allowManagedHooksOnly is true in the managed settings') }));
  });

  it('a managed bridge (init --managed --root) beside the project one under allowManagedHooksOnly: the project one is skipped, so it is no duplicate, and the live check runs the managed line', async () => {
    const p = await makeProject(['claude']);
    const init = await p.run(['init', '--managed', '--host', 'claude', '--root', p.managed]);
    expect(init.code, init.stderr).toBe(0);
    const managedFile = join(p.managed, 'etc/claude-code/managed-settings.json');
    const { report } = await p.doctor();
    const claude = hostOf(report, 'claude');
    expect(claude.wired.map((w) => w.level)).toEqual(['managed', 'project']);
    expect(claude.findings.filter((f) => f.check === 'duplicate')).toEqual([]);
    expect(claude.findings.filter((f) => f.check === 'live').map((f) => f.file)).toEqual([managedFile]);
  });

  it('allowManagedHooksOnly outside managed settings changes nothing', async () => {
    const p = await makeProject(['claude']);
    await p.write('~/.claude/settings.json', { allowManagedHooksOnly: true });
    const { exit } = await p.doctor();
    expect(exit.code).toBe(0);
  });
});

describe('hookwire doctor: registered twice', () => {
  it('the same bridge in the project and the user settings runs every hook twice', async () => {
    const p = await makeProject(['claude']);
    await p.write('~/.claude/settings.json', await p.read('.claude/settings.json'));
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    const claude = hostOf(report, 'claude');
    expect(claude.wired.map((w) => w.level)).toEqual(['project', 'user']);
    expect(claude.findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'duplicate', message: expect.stringContaining('PreToolUse (2×)') }));
  });

  it('Cursor beside a Claude Code bridge: Cursor reads .claude/settings.json too', async () => {
    const p = await makeProject(['claude', 'cursor']);
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'cursor').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'duplicate', message: expect.stringContaining('cursor also runs the Claude Code bridge') }));
    expect(hostOf(report, 'claude').findings.filter((f) => f.status === 'problem')).toEqual([]);
  });

  it('Copilot CLI beside a Claude Code bridge: Copilot CLI reads .claude/settings.json too', async () => {
    const p = await makeProject(['claude', 'copilot']);
    const { exit, report } = await p.doctor({ COPILOT_ALLOW_ALL: 'true' });
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'copilot').findings.filter((f) => f.status === 'problem')).toEqual([
      expect.objectContaining({ check: 'duplicate', message: expect.stringContaining(`copilot also runs the Claude Code bridge in ${join(p.project, '.claude/settings.json')}`) }),
    ]);
  });

  it('the OpenCode plugin both as a plugin file and in opencode.json', async () => {
    const p = await makeProject(['opencode']);
    await p.write('node_modules/@hookwire/opencode/package.json', { name: '@hookwire/opencode', version: '0.0.0' });
    const once = await p.doctor();
    expect(problemsOf(once.report)).toEqual([]);
    expect(hostOf(once.report, 'opencode').wired).toEqual([{ file: join(p.project, '.opencode/plugin/hookwire.js'), level: 'project', events: [] }]);

    await p.write('opencode.json', { plugin: [['@hookwire/opencode', { config: '.hookwire.json' }]] });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'opencode').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'duplicate', message: expect.stringContaining('is loaded 2 times') }));
  });

  it('the OpenCode plugin package not installed', async () => {
    const p = await makeProject(['opencode']);
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'opencode').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'program', fix: 'npm install --save-dev @hookwire/opencode' }));
  });
});

describe('hookwire doctor: the other hosts', () => {
  it('every settings host wired by init answers its live check in its own dialect', async () => {
    const p = await makeProject(['gemini', 'codex', 'copilot']);
    const { report } = await p.doctor();
    for (const host of ['gemini', 'codex', 'copilot']) {
      const live = hostOf(report, host).findings.filter((f) => f.check === 'live' || f.check === 'live-deny');
      expect(live.map((f) => [f.check, f.status]), host).toEqual([['live', 'ok'], ['live-deny', 'ok']]);
    }
    expect(hostOf(report, 'gemini').wired[0]!.events).toHaveLength(8);
    expect(hostOf(report, 'codex').wired[0]!.events).toHaveLength(10);
  });

  it('Gemini CLI: hooksConfig.enabled false, a DO_NOT_TRUST folder, a trusted one', async () => {
    const p = await makeProject(['gemini']);
    const fresh = await p.doctor();
    expect(fresh.exit.code).toBe(0);
    expect(hostOf(fresh.report, 'gemini').findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'trust' }));

    await p.write('~/.gemini/trustedFolders.json', { [p.project]: 'TRUST_FOLDER' });
    expect(hostOf((await p.doctor()).report, 'gemini').findings).toContainEqual(expect.objectContaining({ status: 'ok', check: 'trust' }));

    await p.write('~/.gemini/trustedFolders.json', { [p.root]: 'TRUST_FOLDER', [p.project]: 'DO_NOT_TRUST' });
    const distrusted = await p.doctor();
    expect(distrusted.exit.code).toBe(1);
    expect(hostOf(distrusted.report, 'gemini').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'trust', message: expect.stringContaining('DO_NOT_TRUST') }));

    expect(hostOf((await p.doctor({ GEMINI_CLI_TRUST_WORKSPACE: 'true' })).report, 'gemini').findings).toContainEqual(expect.objectContaining({ status: 'ok', check: 'trust' }));

    await p.write('~/.gemini/settings.json', { hooksConfig: { enabled: false } });
    const off = await p.doctor({ GEMINI_CLI_TRUST_WORKSPACE: 'true' });
    expect(off.exit.code).toBe(1);
    expect(hostOf(off.report, 'gemini').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'suppressed', file: join(p.home, '.gemini/settings.json') }));
  });

  it('Codex: an untrusted project is a problem, a trusted one fine, an unrecorded trust a note; the hooks feature off is a problem', async () => {
    const p = await makeProject(['codex']);
    const fresh = await p.doctor();
    expect(fresh.exit.code).toBe(0);
    expect(hostOf(fresh.report, 'codex').findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'trust' }));
    expect(hostOf(fresh.report, 'codex').findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'review' }));

    await p.write('~/.codex/config.toml', `[projects.${JSON.stringify(p.project)}]\ntrust_level = "untrusted"\n`);
    const untrusted = await p.doctor();
    expect(untrusted.exit.code).toBe(1);
    expect(hostOf(untrusted.report, 'codex').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'trust', message: expect.stringContaining('untrusted') }));

    await p.write('~/.codex/config.toml', `[projects.${JSON.stringify(p.root)}]\ntrust_level = "trusted"\n`);
    expect(hostOf((await p.doctor()).report, 'codex').findings).toContainEqual(expect.objectContaining({ status: 'ok', check: 'trust' }));

    await p.write('~/.codex/config.toml', `[features]\nhooks = false\n\n[projects.${JSON.stringify(p.project)}]\ntrust_level = "trusted"\n`);
    const off = await p.doctor();
    expect(off.exit.code).toBe(1);
    expect(hostOf(off.report, 'codex').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'suppressed' }));
  });

  it('Copilot CLI: disableAllHooks in a hooks file, and the trusted folders of ~/.copilot/config.json', async () => {
    const p = await makeProject(['copilot']);
    expect(hostOf((await p.doctor()).report, 'copilot').findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'trust' }));
    await p.write('~/.copilot/config.json', { trusted_folders: [p.root] });
    expect(hostOf((await p.doctor()).report, 'copilot').findings).toContainEqual(expect.objectContaining({ status: 'ok', check: 'trust' }));

    await p.write('~/.copilot/hooks/off.json', { version: 1, disableAllHooks: true, hooks: {} });
    const off = await p.doctor();
    expect(off.exit.code).toBe(1);
    expect(hostOf(off.report, 'copilot').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'suppressed', file: join(p.home, '.copilot/hooks/off.json') }));
  });

  it('a host set up without hookwire is a note; a settings file that is not JSON is a problem', async () => {
    const p = await makeProject(['claude']);
    await p.write('~/.gemini/settings.json', { theme: 'dark' });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(0);
    expect(hostOf(report, 'gemini').findings).toEqual([expect.objectContaining({ status: 'note', check: 'wired' })]);

    await copyFile(join(p.project, '.claude/settings.json'), join(p.project, '.claude/settings.local.json'));
    await writeFile(join(p.project, '.claude/settings.local.json'), '{ "hooks": ');
    const broken = await p.doctor();
    expect(broken.exit.code).toBe(1);
    expect(hostOf(broken.report, 'claude').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'settings', file: join(p.project, '.claude/settings.local.json') }));
  });
});

describe('hookwire doctor: the docs show its real output', () => {
  it('README.md: a deleted guard script and disableAllHooks in the user settings', async () => {
    const p = await makeProject(['claude']);
    const starter = (await p.read('.hookwire.json')) as { hooks: unknown[] };
    starter.hooks.push({ id: 'no-secrets', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'node guards/no-secrets.js' });
    await p.write('.hookwire.json', starter);
    await p.write('~/.claude/settings.json', { disableAllHooks: true });
    const exit = await p.run(['doctor']);
    expect(exit.code).toBe(1);
    const readme = await readFile(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
    const section = readme.slice(readme.indexOf('## Is my hook firing?'));
    const block = /\n```\n(claude \(Claude Code\)\n[\s\S]*?)```/.exec(section)?.[1];
    expect(block).toBeDefined();
    expect(exit.stdout).toContain(block);
  });
});
