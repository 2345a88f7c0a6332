import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '@hookwire/test-utils';
import { REPO_DIR } from './claude-settings.js';
import { listLastMessages, listToolResults, readContent } from './fake-chat-completions.js';
import { BROKEN_CONFIG, describeAliveCheck, describeGuardedConfig, describeSlowHook, GUARDED_SCRIPT, makeHookwireProject, RM_RF_REASON, SAFETY_NET_REASON } from './guards.js';
import { runOpenCode } from './opencode.js';

// The hookwire plugin (packages/opencode-plugin, built) in the real OpenCode, dropped into
// .opencode/plugin/, running a hookwire config of Claude Code hooks.

afterAll(() => removeTempDirs());

const PLUGIN_SHIM = `export { HookwirePlugin } from ${JSON.stringify(pathToFileURL(join(REPO_DIR, 'packages', 'opencode-plugin', 'lib', 'index.js')).href)};\n`;

describe('the hookwire plugin in the real OpenCode', () => {
  it('Claude Code guards deny rm -rf, both reasons in config order; contexts reach the model', async () => {
    const cwd = await makeHookwireProject(describeGuardedConfig());
    const run = await runOpenCode({ cwd, plugins: { hookwire: PLUGIN_SHIM }, script: GUARDED_SCRIPT });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    const [harmless, denied] = listToolResults(run.requests);
    // The tool's output, then what hooks added: the PreToolUse context, the PostToolUse feedback, the PostToolUse context.
    expect(harmless).toBe('hi\n\n\nPRE-CTX\n\nPOST-FEEDBACK\n\nPOST-CTX');
    expect(denied?.startsWith(`${RM_RF_REASON}\n\n${SAFETY_NET_REASON}`)).toBe(true);
    expect(existsSync(join(cwd, 'marker'))).toBe(false);
    const messages = listLastMessages(run.requests);
    expect(messages.filter((message) => message.role === 'system').map((message) => readContent(message.content))).toContain('SS-CTX');
    expect(readContent(messages.find((message) => message.role === 'user')?.content)).toBe('Do the task.\nUPS-CTX');
    // OpenCode cannot continue a stopped turn from a plugin: the Stop hook's block is not applied (no fourth request;
    // the plugin logs it, but `opencode run` exits at session.idle without waiting for it: the unit tests check the log).
    expect(run.requests.filter((request) => request.role === 'main')).toHaveLength(3);
  });

  it('a hook past its timeout is killed with its tree before the tool runs; a broken config blocks nothing and says so', async () => {
    const slow = await makeHookwireProject({ hooks: [describeSlowHook('grandchild.pid')] });
    const timedOut = await runOpenCode({ cwd: slow, plugins: { hookwire: PLUGIN_SHIM }, script: [{ bash: describeAliveCheck('grandchild.pid') }, { text: 'finished' }] });
    expect({ exitCode: timedOut.exitCode, timedOut: timedOut.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    // The slow hook's onError is the default (warn): its timeout does not block, and its grandchild is gone.
    expect(listToolResults(timedOut.requests)).toEqual(['DEAD\n']);
    expect(timedOut.stderr).toMatch(/hook slow failed \(timeout\): timed out after 1000 ms/);

    const broken = await makeHookwireProject(BROKEN_CONFIG);
    const unguarded = await runOpenCode({ cwd: broken, plugins: { hookwire: PLUGIN_SHIM }, script: [{ bash: 'touch marker && echo made' }, { text: 'finished' }] });
    expect({ exitCode: unguarded.exitCode, timedOut: unguarded.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    expect(listToolResults(unguarded.requests)).toEqual(['made\n']);
    expect(existsSync(join(broken, 'marker'))).toBe(true);
    // On start, and again on the tool call: OpenCode's log (stderr with --print-logs) says why nothing is guarded.
    expect(unguarded.stderr).toMatch(/level=ERROR .*message="hookwire is not guarding this session: cannot load the config: /);
    expect(unguarded.stderr).toMatch(/level=ERROR .*message="tool:before: hookwire is not guarding this session: .*\(nothing blocked\)"/);
  });
});
