import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { HOSTS, PLUGIN_HOSTS, renderBridgeCommand } from '../../src/hosts.js';
import { initProject } from '../../src/init/init-project.js';

// init for the hosts beyond Claude Code: Copilot CLI and Cursor (flat handler lists under
// `version: 1`), OpenCode (a plugin file). The same promises: idempotent, --uninstall gives every
// byte back, --dry-run writes nothing, a file that is not init's is never overwritten.

afterAll(() => removeTempDirs());

/** Every file under `dir`, path → text. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[join(entry.parentPath, entry.name).slice(dir.length + 1)] = await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return files;
}

async function write(dir: string, file: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, file)), { recursive: true });
  await writeFile(join(dir, file), text);
}

describe('init --host copilot', () => {
  it('writes .github/hooks/hookwire.json in Copilot CLI shape: camelCase events, one flat handler each, naming its event', async () => {
    const dir = await tempDir('hookwire-init-copilot-');
    const report = await initProject({ dir, host: 'copilot' });
    expect(report.changes.map((change) => [change.file, change.action])).toEqual([['.hookwire.json', 'create'], ['.github/hooks/hookwire.json', 'create']]);
    const written = JSON.parse(await readFile(join(dir, '.github/hooks/hookwire.json'), 'utf8'));
    const handler = (event: string) => [{ type: 'command', bash: `"$COPILOT_PROJECT_DIR"/node_modules/.bin/hookwire run --dialect copilot --event ${event} --budget 110`, timeoutSec: 120 }];
    // Every event Copilot CLI has, under its camelCase name (the dialect's first), in hookwire's event order.
    const events = ['preToolUse', 'postToolUse', 'userPromptSubmitted', 'sessionStart', 'agentStop', 'subagentStart', 'subagentStop', 'sessionEnd', 'postToolUseFailure', 'preCompact', 'permissionRequest', 'notification'];
    expect(written).toEqual({ version: 1, hooks: Object.fromEntries(events.map((event) => [event, handler(event)])) });
    const starter = JSON.parse(await readFile(join(dir, '.hookwire.json'), 'utf8'));
    expect(starter.hooks).toEqual([{ id: 'recommended', type: 'rule', pack: 'hookwire:recommended', onError: 'block' }]);
  });
});

describe('init --host cursor', () => {
  it('writes .cursor/hooks.json: Cursor event names, one flat command handler each', async () => {
    const dir = await tempDir('hookwire-init-cursor-');
    await initProject({ dir, host: 'cursor' });
    const written = JSON.parse(await readFile(join(dir, '.cursor/hooks.json'), 'utf8'));
    const handler = [{ type: 'command', command: '"$CURSOR_PROJECT_DIR"/node_modules/.bin/hookwire run --dialect cursor --budget 110', timeout: 120 }];
    const events = ['preToolUse', 'postToolUse', 'beforeSubmitPrompt', 'sessionStart', 'stop', 'subagentStart', 'subagentStop', 'sessionEnd', 'postToolUseFailure', 'preCompact'];
    expect(written).toEqual({ version: 1, hooks: Object.fromEntries(events.map((event) => [event, handler])) });
  });
});

describe('init --host cline', () => {
  const EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'TaskStart', 'TaskComplete', 'SessionShutdown', 'PreCompact'];
  const script = (event: string) => `#!/bin/sh\n# Written by hookwire init --host cline: runs the project's hookwire config (.hookwire.json) on ${event}.\ncd "$(dirname "$0")/../.." && exec ./node_modules/.bin/hookwire run --dialect cline --budget 110\n`;

  it('writes one executable per Cline event in .clinerules/hooks/, each running the bridge from the project root; twice changes nothing', async () => {
    const dir = await tempDir('hookwire-init-cline-');
    const report = await initProject({ dir, host: 'cline' });
    expect(report.changes.map((change) => [change.file, change.action])).toEqual([['.hookwire.json', 'create'], ...EVENTS.map((event) => [`.clinerules/hooks/${event}`, 'create'])]);
    for (const event of EVENTS) {
      expect(await readFile(join(dir, '.clinerules/hooks', event), 'utf8')).toBe(script(event));
      expect((await stat(join(dir, '.clinerules/hooks', event))).mode & 0o777).toBe(0o755);
    }
    const initialized = await snapshot(dir);
    expect((await initProject({ dir, host: 'cline' })).changes.every((change) => change.action === 'keep')).toBe(true);
    expect(await snapshot(dir)).toEqual(initialized);
  });

  it("--uninstall removes the files and the folders init made, and leaves a hook file of the user's", async () => {
    const dir = await tempDir('hookwire-init-cline-');
    await write(dir, 'README.md', 'mine\n');
    const before = await snapshot(dir);
    await initProject({ dir, host: 'cline' });
    await initProject({ dir, host: 'cline', uninstall: true });
    expect(await snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, '.clinerules'))).toBe(false);

    await initProject({ dir, host: 'cline' });
    await write(dir, '.clinerules/hooks/TaskStart', '#!/bin/sh\necho mine\n');
    const report = await initProject({ dir, host: 'cline', uninstall: true });
    expect(report.changes.find((change) => change.file === '.clinerules/hooks/TaskStart')).toMatchObject({ action: 'keep', note: 'not the file init writes (yours, or edited): left in place' });
    expect(await readFile(join(dir, '.clinerules/hooks/TaskStart'), 'utf8')).toBe('#!/bin/sh\necho mine\n');
  });

  it("stops before changing anything when a hook file of the user's is in the way", async () => {
    const dir = await tempDir('hookwire-init-cline-');
    await write(dir, '.clinerules/hooks/PreToolUse', '#!/bin/sh\n./my-guard.sh\n');
    const before = await snapshot(dir);
    await expect(initProject({ dir, host: 'cline' })).rejects.toThrow('.clinerules/hooks/PreToolUse exists and is not the file init writes: move it away, or make it run hookwire run --dialect cline yourself; nothing was changed');
    expect(await snapshot(dir)).toEqual(before);
  });
});

describe('init --host crush', () => {
  const handler = { type: 'command', command: '"$CRUSH_PROJECT_DIR"/node_modules/.bin/hookwire run --dialect crush --budget 110', timeout: 120 };

  it('writes .crush.json: a flat PreToolUse handler (the one event Crush has), no matcher: the bridge matches', async () => {
    const dir = await tempDir('hookwire-init-crush-');
    const report = await initProject({ dir, host: 'crush' });
    expect(report.changes.map((change) => [change.file, change.action])).toEqual([['.hookwire.json', 'create'], ['.crush.json', 'create']]);
    expect(JSON.parse(await readFile(join(dir, '.crush.json'), 'utf8'))).toEqual({ hooks: { PreToolUse: [handler] } });
  });

  it("twice changes nothing; keeps the user's own .crush.json (options, handlers) and --uninstall gives every byte back", async () => {
    const dir = await tempDir('hookwire-init-crush-');
    const userFile = '{\n  "options": { "debug": false },\n  "hooks": {\n    "PreToolUse": [ { "name": "no-haskell", "matcher": "^bash$", "command": "./no-haskell.sh" } ]\n  }\n}\n';
    await write(dir, '.crush.json', userFile);
    await initProject({ dir, host: 'crush' });
    const edited = JSON.parse(await readFile(join(dir, '.crush.json'), 'utf8'));
    expect(edited).toEqual({ options: { debug: false }, hooks: { PreToolUse: [{ name: 'no-haskell', matcher: '^bash$', command: './no-haskell.sh' }, handler] } });
    const initialized = await snapshot(dir);
    expect((await initProject({ dir, host: 'crush' })).changes.every((change) => change.action === 'keep')).toBe(true);
    expect(await snapshot(dir)).toEqual(initialized);
    await initProject({ dir, host: 'crush', uninstall: true });
    expect(await readFile(join(dir, '.crush.json'), 'utf8')).toBe(userFile);
    expect(existsSync(join(dir, '.hookwire.json'))).toBe(false);
  });

  it('--uninstall of a file init created removes it', async () => {
    const dir = await tempDir('hookwire-init-crush-');
    await initProject({ dir, host: 'crush' });
    await initProject({ dir, host: 'crush', uninstall: true });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe.each(['copilot', 'cursor'] as const)('init --host %s keeps its promises', (host) => {
  const profile = HOSTS[host];
  const field = 'commandField' in profile ? profile.commandField : 'command';
  const userFile = `{\n  "version": 1,\n  "hooks": {\n    "preToolUse": [ { "type": "command", "${field}": "./my-guard.sh" } ],\n    "errorOccurred": [ { "type": "command", "${field}": "./notify.sh" } ]\n  }\n}\n`;

  it('twice changes nothing; --uninstall gives a project without the file back byte for byte, empty folders too', async () => {
    const dir = await tempDir(`hookwire-init-${host}-`);
    await write(dir, 'README.md', 'mine\n');
    const before = await snapshot(dir);
    await initProject({ dir, host });
    const initialized = await snapshot(dir);
    const again = await initProject({ dir, host });
    expect(again.changes.every((change) => change.action === 'keep')).toBe(true);
    expect(await snapshot(dir)).toEqual(initialized);
    await initProject({ dir, host, uninstall: true });
    expect(await snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, dirname(profile.settingsPath).split('/')[0]!))).toBe(false);
  });

  it("appends after the user's own handlers, and --uninstall restores their file exactly", async () => {
    const dir = await tempDir(`hookwire-init-${host}-`);
    await write(dir, profile.settingsPath, userFile);
    await initProject({ dir, host });
    const edited = JSON.parse(await readFile(join(dir, profile.settingsPath), 'utf8'));
    expect(edited.hooks.preToolUse).toEqual([{ type: 'command', [field]: './my-guard.sh' }, { type: 'command', [field]: renderBridgeCommand(profile, 'preToolUse'), [('timeoutField' in profile ? profile.timeoutField : 'timeout')]: 120 }]);
    expect(edited.hooks.errorOccurred).toEqual([{ type: 'command', [field]: './notify.sh' }]);
    await initProject({ dir, host, uninstall: true });
    expect(await readFile(join(dir, profile.settingsPath), 'utf8')).toBe(userFile);
  });

  it('--dry-run writes nothing and shows the text it would write', async () => {
    const dir = await tempDir(`hookwire-init-${host}-`);
    const report = await initProject({ dir, host, dryRun: true });
    expect(await readdir(dir)).toEqual([]);
    expect(report.changes[1]).toMatchObject({ file: profile.settingsPath, action: 'create', text: expect.stringContaining('"version": 1') });
  });

  it('an event where something already runs hookwire run is left alone', async () => {
    const dir = await tempDir(`hookwire-init-${host}-`);
    await write(dir, profile.settingsPath, JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: 'command', [field]: 'npx hookwire run --dialect x' }] } }));
    const report = await initProject({ dir, host });
    expect(report.changes[1]!.note).toMatch(/preToolUse already ran a hookwire bridge: left as they are/);
  });
});

describe('init --host pi', () => {
  it('writes the extension that forwards every event to the project bridge, and the starter; twice changes nothing; --uninstall gives the project back', async () => {
    const dir = await tempDir('hookwire-init-pi-');
    const before = await snapshot(dir);
    const report = await initProject({ dir, host: 'pi' });
    expect(report.changes.map((change) => [change.file, change.action])).toEqual([['.hookwire.json', 'create'], ['.pi/extensions/hookwire.ts', 'create']]);
    const text = await readFile(join(dir, '.pi/extensions/hookwire.ts'), 'utf8');
    expect(text).toBe(PLUGIN_HOSTS.pi.pluginText);
    expect(text).toContain("spawn(bridge, ['run', '--dialect', 'pi', '--budget', '110']");
    for (const event of ['tool_call', 'tool_result', 'input', 'before_agent_start', 'session_start', 'agent_end', 'session_shutdown']) expect(text).toContain(`'${event}'`);
    const initialized = await snapshot(dir);
    expect((await initProject({ dir, host: 'pi' })).changes.every((change) => change.action === 'keep')).toBe(true);
    expect(await snapshot(dir)).toEqual(initialized);
    await initProject({ dir, host: 'pi', uninstall: true });
    expect(await snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, '.pi'))).toBe(false);
  });

  it('replaces the extension an older init wrote with the current one, and --uninstall removes either', async () => {
    const [legacy] = PLUGIN_HOSTS.pi.legacyTexts;
    expect(legacy).toContain("pi.on('before_agent_start'");
    expect(legacy).not.toBe(PLUGIN_HOSTS.pi.pluginText);
    const dir = await tempDir('hookwire-init-pi-legacy-');
    await write(dir, '.pi/extensions/hookwire.ts', legacy!);
    const upgrade = await initProject({ dir, host: 'pi' });
    expect(upgrade.changes[1]).toMatchObject({ file: '.pi/extensions/hookwire.ts', action: 'update', note: 'the file an older init wrote, unchanged since: replaced with the current one' });
    expect(await readFile(join(dir, '.pi/extensions/hookwire.ts'), 'utf8')).toBe(PLUGIN_HOSTS.pi.pluginText);

    const old = await tempDir('hookwire-init-pi-legacy-');
    await write(old, '.pi/extensions/hookwire.ts', legacy!);
    const removal = await initProject({ dir: old, host: 'pi', uninstall: true });
    expect(removal.changes.find((change) => change.file === '.pi/extensions/hookwire.ts')).toMatchObject({ action: 'delete' });
    expect(existsSync(join(old, '.pi'))).toBe(false);
  });

  it('leaves an edited older extension in place, on init and on --uninstall', async () => {
    const dir = await tempDir('hookwire-init-pi-edited-');
    const edited = `${PLUGIN_HOSTS.pi.legacyTexts[0]}// mine\n`;
    await write(dir, '.pi/extensions/hookwire.ts', edited);
    await expect(initProject({ dir, host: 'pi' })).rejects.toThrow('.pi/extensions/hookwire.ts exists and is not the file init writes');
    const removal = await initProject({ dir, host: 'pi', uninstall: true });
    expect(removal.changes.find((change) => change.file === '.pi/extensions/hookwire.ts')).toMatchObject({ action: 'keep' });
    expect(await readFile(join(dir, '.pi/extensions/hookwire.ts'), 'utf8')).toBe(edited);
  });
});

describe('init --host openclaw', () => {
  it('writes the plugin folder (entry and manifest) that forwards every hook to the project bridge, says how to enable it; twice changes nothing; --uninstall gives the project back', async () => {
    const dir = await tempDir('hookwire-init-openclaw-');
    const before = await snapshot(dir);
    const report = await initProject({ dir, host: 'openclaw' });
    expect(report.changes.map((change) => [change.file, change.action])).toEqual([
      ['.hookwire.json', 'create'],
      ['.openclaw/extensions/hookwire/index.js', 'create'],
      ['.openclaw/extensions/hookwire/openclaw.plugin.json', 'create'],
    ]);
    const text = await readFile(join(dir, '.openclaw/extensions/hookwire/index.js'), 'utf8');
    expect(text).toBe(PLUGIN_HOSTS.openclaw.pluginText);
    expect(text).toContain("spawn(bridge, ['run', '--dialect', 'openclaw', '--budget', '110']");
    for (const event of ['before_tool_call', 'after_tool_call', 'before_prompt_build', 'before_agent_run', 'before_agent_finalize', 'session_start', 'session_end']) expect(text).toContain(`'${event}'`);
    expect(JSON.parse(await readFile(join(dir, '.openclaw/extensions/hookwire/openclaw.plugin.json'), 'utf8'))).toEqual({ id: 'hookwire', name: 'hookwire', configSchema: { type: 'object', additionalProperties: false } });
    expect(report.notes).toContain(PLUGIN_HOSTS.openclaw.setupNote);
    const initialized = await snapshot(dir);
    expect((await initProject({ dir, host: 'openclaw' })).changes.every((change) => change.action === 'keep')).toBe(true);
    expect(await snapshot(dir)).toEqual(initialized);
    await initProject({ dir, host: 'openclaw', uninstall: true });
    expect(await snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, '.openclaw'))).toBe(false);
  });

  it('leaves an edited manifest in place on --uninstall, and refuses to overwrite a plugin file that is not its own', async () => {
    const dir = await tempDir('hookwire-init-openclaw-');
    await initProject({ dir, host: 'openclaw' });
    await writeFile(join(dir, '.openclaw/extensions/hookwire/openclaw.plugin.json'), '{"id":"hookwire"}\n');
    const removed = await initProject({ dir, host: 'openclaw', uninstall: true });
    expect(removed.changes.map((change) => [change.file, change.action])).toEqual([
      ['.openclaw/extensions/hookwire/index.js', 'delete'],
      ['.openclaw/extensions/hookwire/openclaw.plugin.json', 'keep'],
      ['.hookwire.json', 'delete'],
    ]);
    await writeFile(join(dir, '.openclaw/extensions/hookwire/index.js'), 'export default {};\n');
    await expect(initProject({ dir, host: 'openclaw' })).rejects.toThrow('.openclaw/extensions/hookwire/index.js exists and is not the file init writes: move it away, or make it load hookwire yourself; nothing was changed');
  });
});

describe('init --host opencode', () => {
  const plugin = PLUGIN_HOSTS.opencode;

  it('writes the plugin file and the starter; twice changes nothing; --uninstall gives the project back', async () => {
    const dir = await tempDir('hookwire-init-opencode-');
    await write(dir, 'opencode.json', '{ "model": "x" }\n');
    const before = await snapshot(dir);
    const report = await initProject({ dir, host: 'opencode' });
    expect(report.changes.map((change) => [change.file, change.action])).toEqual([['.hookwire.json', 'create'], ['.opencode/plugin/hookwire.js', 'create']]);
    expect(report.notes).toEqual([expect.stringMatching(/^@hookwire\/opencode is not installed in .*npm install --save-dev @hookwire\/opencode\)$/)]);
    expect(await readFile(join(dir, plugin.pluginPath), 'utf8')).toBe("// Written by hookwire init --host opencode: runs the project's hookwire config (.hookwire.json) in OpenCode.\nexport { HookwirePlugin } from '@hookwire/opencode';\n");
    const initialized = await snapshot(dir);
    expect((await initProject({ dir, host: 'opencode' })).changes.every((change) => change.action === 'keep')).toBe(true);
    expect(await snapshot(dir)).toEqual(initialized);
    await initProject({ dir, host: 'opencode', uninstall: true });
    expect(await snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, '.opencode'))).toBe(false);
  });

  it('never overwrites a plugin file that is not its own, and changes nothing then', async () => {
    const dir = await tempDir('hookwire-init-opencode-');
    await write(dir, plugin.pluginPath, 'export const Mine = async () => ({});\n');
    await expect(initProject({ dir, host: 'opencode' })).rejects.toThrow(/^\.opencode\/plugin\/hookwire\.js exists and is not the file init writes: .*; nothing was changed$/);
    expect(Object.keys(await snapshot(dir))).toEqual([plugin.pluginPath]);
    const removal = await initProject({ dir, host: 'opencode', uninstall: true });
    expect(removal.changes[0]).toMatchObject({ action: 'keep', note: 'not the file init writes (yours, or edited): left in place' });
  });
});
