import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDirs } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { runClaude } from './claude.js';
import { runCodex } from './codex.js';
import { runCopilot } from './copilot.js';
import * as hooks from './cross-host-hooks.js';
import { expectCleanExit } from './cross-host-expect.js';
import * as anthropic from './fake-anthropic.js';
import * as chat from './fake-chat-completions.js';
import { listFunctionResponses } from './fake-gemini.js';
import { listFunctionOutputs } from './fake-responses.js';
import { runGemini } from './gemini.js';
import { makeInitProject, runHookwire } from './init-project.js';
import { describeRecorder, readRecorded } from './record-hook.js';

// The newer canonical events (tool:error, session:end) in the real hosts, each set up by `hookwire
// init --host <host>`: hookwire is the host's only hook, and the hooks in .hookwire.json are written
// once, in Claude Code's names (PostToolUseFailure, SessionEnd, PermissionRequest). One session per
// host: a shell command that exits 3, then (Copilot CLI) a tool that fails, then the end.
//
// Not triggered here: compact:before (a headless run this short never compacts; Claude Code's
// /compact is interactive), notification (Claude Code and Gemini CLI notify on a permission prompt
// or idle input, neither of which a headless run with its tools allowed has).

afterAll(() => removeTempDirs());

/** The payloads the tool:error and session:end recorders saw in `project`. */
async function readNewerEvents(project: string): Promise<Record<'failures' | 'ends' | 'permissions', Record<string, unknown>[]>> {
  const read = (file: string) => readRecorded(join(project, file));
  return { failures: await read(hooks.FAILURE_LOG), ends: await read(hooks.END_LOG), permissions: await read(hooks.PERMISSION_LOG) };
}

describe('tool:error, session:end and permission:request through the bridge, hooks in Claude Code names', () => {
  it('hookwire check warns about the hooks a host will never run: tool:error (Gemini CLI, Codex, Cline, pi, OpenClaw), permission:request (Gemini CLI, Cursor, Cline, pi, OpenClaw)', async () => {
    const { project } = await makeInitProject('claude', hooks.describeNewerEventsConfig);
    const check = await runHookwire(['check'], project);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('#/hooks/0: the hooks on tool:error never fire under Gemini CLI, Codex, Cline, pi, OpenClaw: those hosts have no such event');
    expect(check.stdout).toContain('#/hooks/2: the hooks on permission:request never fire under Gemini CLI, Cursor, Cline, pi, OpenClaw: those hosts have no such event');
    expect(check.stdout).toContain('0 errors, 2 warnings');
  });

  it('Claude Code: a failing Bash call fires PostToolUseFailure, whose context reaches the model; SessionEnd fires once', async () => {
    const { project } = await makeInitProject('claude', hooks.describeNewerEventsConfig);
    const run = await runClaude({ cwd: project, prompt: 'Run it.', script: [{ bash: hooks.FAILING_COMMAND }, { text: 'finished' }] });
    expectCleanExit(run);
    const { failures, ends, permissions } = await readNewerEvents(project);
    expect(failures).toEqual([
      expect.objectContaining({ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: expect.objectContaining({ command: hooks.FAILING_COMMAND }), error: 'Exit code 3\nfailing-out' }),
    ]);
    expect(anthropic.listToolResults(run.requests)).toEqual([{ toolUseId: expect.any(String), text: 'Exit code 3\nfailing-out', isError: true }]);
    expect(anthropic.collectShownText(run.requests)).toContain(`PostToolUseFailure:Bash hook additional context: ${hooks.FAILURE_CONTEXT}`);
    expect(ends).toEqual([expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'other', session_id: failures[0]?.session_id })]);
    // --allowedTools Bash grants the call without asking: Claude Code has no permission request to send.
    expect(permissions).toEqual([]);
  });

  it('Copilot CLI: a failing tool fires postToolUseFailure (context to the model), a bash exit 3 does not; permissionRequest and sessionEnd fire once', async () => {
    const { project } = await makeInitProject('copilot', hooks.describeNewerEventsConfig);
    const missing = join(project, 'missing.txt');
    const script: chat.ChatStep[] = [{ bash: hooks.FAILING_COMMAND }, { tool: 'view', args: { path: missing } }, { text: 'finished' }];
    const run = await runCopilot({ cwd: project, prompt: 'Run it.', script });
    expectCleanExit(run);
    const { failures, ends, permissions } = await readNewerEvents(project);
    // Copilot CLI counts a shell command that exits non-zero as a successful call (postToolUse);
    // only a tool that itself fails (`view` of a missing file) fires postToolUseFailure.
    expect(chat.listToolResults(run.requests)[0]).toBe('failing-out\n<shellId: 0 completed with exit code 3>');
    expect(failures).toEqual([
      expect.objectContaining({ hook_event_name: 'PostToolUseFailure', tool_name: 'Read', tool_input: expect.objectContaining({ file_path: missing }), error: 'Path does not exist' }),
    ]);
    expect(chat.listMessagesAfterFirstTool(run.requests)).toContainEqual({
      role: 'user',
      text: `Tool "view" failed. Additional guidance from postToolUseFailure hooks:\n${hooks.FAILURE_CONTEXT}`,
    });
    // permissionRequest fires after preToolUse even with --allow-all-tools, for the shell call only (view reads).
    expect(permissions).toEqual([
      expect.objectContaining({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: hooks.FAILING_COMMAND } }),
    ]);
    expect(ends).toEqual([expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'complete', session_id: failures[0]?.session_id })]);
  });

  it('Gemini CLI: SessionEnd fires once at the end of the headless run; no tool:error or permission hook runs', async () => {
    const { project } = await makeInitProject('gemini', hooks.describeNewerEventsConfig);
    const run = await runGemini({ cwd: project, prompt: 'Run it.', script: [{ bash: hooks.FAILING_COMMAND }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(JSON.stringify(listFunctionResponses(run.requests)[0]?.response)).toContain('failing-out');
    const { failures, ends, permissions } = await readNewerEvents(project);
    expect({ failures, permissions }).toEqual({ failures: [], permissions: [] });
    expect(ends).toEqual([expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'exit' })]);
  });

  it('Codex: SessionEnd fires once at the end of codex exec; no tool:error or permission hook runs', async () => {
    const { project } = await makeInitProject('codex', hooks.describeNewerEventsConfig);
    const run = await runCodex({ cwd: project, prompt: 'Run it.', script: [{ bash: hooks.FAILING_COMMAND }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(String(listFunctionOutputs(run.requests)[0]?.output)).toContain('failing-out');
    const { failures, ends, permissions } = await readNewerEvents(project);
    // Codex has no failure event; its PermissionRequest asks only for an approval, which
    // --dangerously-bypass-approvals-and-sandbox never needs.
    expect({ failures, permissions }).toEqual({ failures: [], permissions: [] });
    expect(ends).toEqual([expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'other' })]);
  });

  // Codex gives SessionEnd hooks about 3 s whatever their timeout says (init writes 120 s), the
  // bridge's own start included: a hook still at work then never finishes, and nothing says so.
  // (Claude Code and Gemini CLI waited for the same hook.)
  it('Codex: a SessionEnd hook still running 3 s into the end never finishes', async () => {
    const slowEnd = (project: string) => ({
      hooks: [{ id: 'slow-end', event: 'SessionEnd', type: 'command', command: `echo started >> '${join(project, 'started')}'; sleep 5; ${describeRecorder(join(project, hooks.END_LOG))}`, timeout: 30 }],
    });
    const { project } = await makeInitProject('codex', slowEnd);
    const run = await runCodex({ cwd: project, script: [{ text: 'finished' }] });
    expectCleanExit(run);
    expect(await readFile(join(project, 'started'), 'utf8')).toBe('started\n');
    expect(await readRecorded(join(project, hooks.END_LOG))).toEqual([]);
  });
});
