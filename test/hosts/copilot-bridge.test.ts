import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '@hookwire/test-utils';
import { runCopilot } from './copilot.js';
import { describeCopilotBridgeHooks } from './copilot-settings.js';
import { listMessagesAfterFirstTool, listLastMessages, listToolResults, readContent } from './fake-chat-completions.js';
import * as hooks from './cross-host-hooks.js';
import { BROKEN_CONFIG, describeAliveCheck, describeGuardedConfig, describeSlowHook, GUARDED_SCRIPT, makeHookwireProject, RM_RF_REASON, SAFETY_NET_REASON } from './guards.js';

// The real Copilot CLI with `hookwire run --dialect copilot` as its only hook (one handler per
// camelCase event, as init writes them), running a hookwire config of Claude Code hooks.

afterAll(() => removeTempDirs());

describe('hookwire as the only hook of the real Copilot CLI', () => {
  it('Claude Code guards deny rm -rf with both reasons in config order (Copilot alone stops at the first); contexts reach the model', async () => {
    const cwd = await makeHookwireProject(describeGuardedConfig());
    const run = await runCopilot({ cwd, hookFiles: { hookwire: describeCopilotBridgeHooks() }, script: GUARDED_SCRIPT });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    const [harmless, denied] = listToolResults(run.requests);
    // PostToolUse feedback (a block with a reason) and context: Copilot's postToolUse takes additional guidance, appended to the result.
    expect(harmless).toBe('hi\n<shellId: 0 completed with exit code 0>\n\nTool "bash" succeeded. Additional guidance from postToolUse hooks:\nPOST-FEEDBACK\n\nPOST-CTX');
    expect(denied?.startsWith(`Denied by preToolUse hook: ${RM_RF_REASON}\n\n${SAFETY_NET_REASON}`)).toBe(true);
    expect(existsSync(join(cwd, 'marker'))).toBe(false);
    // preToolUse context: a user message after the tool's result.
    expect(listMessagesAfterFirstTool(run.requests).slice(0, 2)).toEqual([{ role: 'tool', text: harmless }, { role: 'user', text: 'Additional context from preToolUse hook:\nPRE-CTX' }]);
    const users = listLastMessages(run.requests).filter((message) => message.role === 'user').map((message) => readContent(message.content));
    expect(users).toContain('SS-CTX');
    expect(users.some((text) => text.endsWith('Do the task.\n\n<system_reminder>\nUPS-CTX\n</system_reminder>'))).toBe(true);
    // The Stop hook's block: Copilot re-prompts the model with its reason, once (the second agentStop has stop_hook_active);
    // the re-prompt is a prompt too, so UserPromptSubmit's context comes with it.
    expect(users.at(-1)).toMatch(/<\/current_datetime>\n\nKEEP-GOING\n\n<system_reminder>\nUPS-CTX\n<\/system_reminder>$/);
    expect(run.requests.filter((request) => request.role === 'main')).toHaveLength(4);
  });

  // Issue 23: the config Codex and Gemini CLI run (codex-bridge.test.ts): the Claude Code
  // Edit|Write guard denies Copilot's edit of an env file, and a Stop hook's additionalContext keeps
  // the turn going (an agentStop block).
  it('one config: a Claude Code Edit|Write guard denies edit of an env file, and Stop context keeps the turn going', async () => {
    const cwd = await makeHookwireProject({ hooks: [] });
    await writeFile(join(cwd, '.hookwire.json'), `${JSON.stringify(hooks.describeParityConfig(cwd), null, 2)}\n`);
    await writeFile(join(cwd, 'prod.env'), 'SECRET=1\n');
    const edit = { tool: 'edit', args: { path: join(cwd, 'prod.env'), old_str: 'SECRET=1', new_str: 'SECRET=2' } };
    const run = await runCopilot({ cwd, hookFiles: { hookwire: describeCopilotBridgeHooks() }, script: [edit, { text: 'finished' }, { text: 'tests ran' }] });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    expect(await readFile(join(cwd, 'prod.env'), 'utf8')).toBe('SECRET=1\n');
    expect(listToolResults(run.requests)[0]).toContain(hooks.ENV_REASON);
    const main = run.requests.filter((request) => request.role === 'main');
    expect(main).toHaveLength(3);
    const users = listLastMessages(run.requests).filter((message) => message.role === 'user').map((message) => readContent(message.content));
    expect(users.at(-1)).toContain(hooks.STOP_CONTEXT);
    expect(JSON.stringify(main.slice(0, 2).map((request) => request.body))).not.toContain(hooks.STOP_CONTEXT);
  });

  it('a hook past its timeout is killed with its tree before the tool runs; a broken config blocks nothing', async () => {
    const slow = await makeHookwireProject({ hooks: [describeSlowHook('grandchild.pid')] });
    const timedOut = await runCopilot({ cwd: slow, hookFiles: { hookwire: describeCopilotBridgeHooks() }, script: [{ bash: describeAliveCheck('grandchild.pid') }, { text: 'finished' }] });
    expect({ exitCode: timedOut.exitCode, timedOut: timedOut.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    expect(listToolResults(timedOut.requests)).toEqual(['DEAD\n<shellId: 0 completed with exit code 0>']);

    const broken = await makeHookwireProject(BROKEN_CONFIG);
    const unguarded = await runCopilot({ cwd: broken, hookFiles: { hookwire: describeCopilotBridgeHooks() }, script: [{ bash: 'touch marker && echo made' }, { text: 'finished' }] });
    expect({ exitCode: unguarded.exitCode, timedOut: unguarded.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    expect(listToolResults(unguarded.requests)).toEqual(['made\n<shellId: 0 completed with exit code 0>']);
    expect(existsSync(join(broken, 'marker'))).toBe(true);
    // The bridge's notice: Copilot shows hooks' stderr nowhere but its debug log.
    expect(unguarded.log).toMatch(/hookwire.*cannot load the config/);
  });
});
