import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reply, startTestServer, closeTestServers, removeTempDir, tempDir } from '@hookwire/test-utils';
import { runClaude, type ClaudeRun } from './claude.js';
import { listHookResponses, parseClaudeEvents } from './claude-events.js';
import { describeBridgeHooks, describeCommandHooks, describeHttpHooks, REPO_DIR } from './claude-settings.js';
import { collectShownText, listToolResults } from './fake-anthropic.js';

// The real Claude Code, headless, against the fake Anthropic API; hookwire as its only hook.
// Each run costs about a second of a shared 2-core machine, so the runs are few and shared.

const EXAMPLE_HOOKS = join(REPO_DIR, 'examples', 'hooks');
const GUARD_REASON = 'rm -rf deletes recursively without asking; remove the files by name, or ask the user';
const RM = [{ bash: 'rm -rf ./x' }, { text: 'finished' }];

const projects: string[] = [];

/** A temporary project holding the file `x` and, when given, a `.hookwire.json`. */
async function makeProject(hookwireConfig?: unknown): Promise<string> {
  const cwd = await tempDir('hookwire-claude-project-');
  projects.push(cwd);
  await writeFile(join(cwd, 'x'), 'keep me\n');
  if (hookwireConfig !== undefined) await writeFile(join(cwd, '.hookwire.json'), `${JSON.stringify(hookwireConfig, null, 2)}\n`);
  return cwd;
}

function expectCleanExit(run: ClaudeRun): void {
  expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
}

afterEach(async () => {
  await Promise.all(projects.splice(0).map(removeTempDir));
  await closeTestServers();
});

describe('controls: the harness sees what a hook changes', () => {
  it('with no hook, rm -rf runs and the model sees a plain tool result', async () => {
    const cwd = await makeProject();
    const run = await runClaude({ cwd, prompt: 'Remove x.', script: RM });
    expectCleanExit(run);
    expect(existsSync(join(cwd, 'x'))).toBe(false);
    expect(listToolResults(run.requests)).toEqual([{ toolUseId: expect.any(String), text: expect.not.stringContaining('hook'), isError: false }]);
  });

  it('with a native `true` command hook on every event, rm -rf runs', async () => {
    const cwd = await makeProject();
    const run = await runClaude({ cwd, settings: describeCommandHooks('true'), prompt: 'Remove x.', script: RM });
    expectCleanExit(run);
    expect(existsSync(join(cwd, 'x'))).toBe(false);
    expect(listToolResults(run.requests)).toMatchObject([{ isError: false }]);
  });

  it('with two native denying hooks, Claude Code passes only one reason to the model', async () => {
    const cwd = await makeProject();
    const deny = (reason: string) => ({ type: 'command', command: `echo '${reason}' >&2; exit 2`, timeout: 10 });
    const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [deny('first reason'), deny('second reason')] }] } };
    const run = await runClaude({ cwd, settings, prompt: 'Remove x.', script: RM });
    expectCleanExit(run);
    expect(existsSync(join(cwd, 'x'))).toBe(true);
    const [result] = listToolResults(run.requests);
    expect(result?.isError).toBe(true);
    const reasons = ['first reason', 'second reason'].filter((reason) => result?.text.includes(reason));
    expect(reasons).toHaveLength(1);
  });

  it('with an http hook that denies PreToolUse, the endpoint gets the events and its reason reaches the model', async () => {
    const cwd = await makeProject();
    const server = await startTestServer((request, response) => {
      const event = (JSON.parse(request.body) as { hook_event_name?: string }).hook_event_name;
      const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'denied over http' } };
      reply(response, 200, event === 'PreToolUse' ? JSON.stringify(deny) : '{}', { 'content-type': 'application/json' });
    });
    const run = await runClaude({ cwd, settings: describeHttpHooks(server.url), prompt: 'Remove x.', script: RM });
    expectCleanExit(run);
    expect(existsSync(join(cwd, 'x'))).toBe(true);
    expect(listToolResults(run.requests)).toMatchObject([{ text: 'PreToolUse:Bash hook error: denied over http', isError: true }]);
    const events = server.received.map((request) => (JSON.parse(request.body) as { hook_event_name: string }).hook_event_name);
    // Claude Code skips http hooks on SessionStart; PostToolUse does not fire for a denied tool.
    expect(events).toEqual(['UserPromptSubmit', 'PreToolUse', 'Stop']);
  });
});

describe('the hookwire bridge as the only hook', () => {
  const guardConfig = {
    hooks: [
      { id: 'project-context', event: 'session:start', type: 'command', command: `sh ${JSON.stringify(join(EXAMPLE_HOOKS, 'project-context.sh'))}`, timeout: 5 },
      { id: 'prompt-context', event: 'prompt:submit', type: 'command', command: 'echo "Prompt note: the user works on hookwire."', timeout: 5 },
      { id: 'guard-bash', event: 'tool:before', matcher: 'Bash', type: 'command', command: `node ${JSON.stringify(join(EXAMPLE_HOOKS, 'guard-bash.mjs'))}`, timeout: 5, onError: 'block' },
    ],
  };

  it('denies rm -rf: the file stays and the guard reason reaches the model as the tool result', async () => {
    const cwd = await makeProject(guardConfig);
    const run = await runClaude({ cwd, settings: describeBridgeHooks(), prompt: 'Remove x.', script: RM });
    expectCleanExit(run);
    expect(existsSync(join(cwd, 'x'))).toBe(true);
    expect(listToolResults(run.requests)).toEqual([
      { toolUseId: expect.any(String), text: `PreToolUse:Bash hook error: ${GUARD_REASON}`, isError: true },
    ]);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'result', is_error: false, result: 'finished' });
  });

  describe('a harmless command', () => {
    let cwd: string;
    let run: ClaudeRun;
    beforeAll(async () => {
      cwd = await tempDir('hookwire-claude-project-');
      await writeFile(join(cwd, 'x'), 'keep me\n');
      await writeFile(join(cwd, '.hookwire.json'), JSON.stringify(guardConfig));
      run = await runClaude({ cwd, settings: describeBridgeHooks(), prompt: 'List the files.', script: [{ bash: 'ls' }, { text: 'finished' }] });
      return () => removeTempDir(cwd);
    });

    it('runs: the model sees its output', () => {
      expectCleanExit(run);
      expect(listToolResults(run.requests)).toEqual([{ toolUseId: expect.any(String), text: 'x', isError: false }]);
    });

    it("carries hookwire's SessionStart and UserPromptSubmit context to the model", () => {
      const shown = collectShownText(run.requests);
      expect(shown).toContain(
        'SessionStart hook additional context: Project rule: run the test suite before you say a change is done; never commit secrets.',
      );
      expect(shown).toContain('UserPromptSubmit hook additional context: Prompt note: the user works on hookwire.');
    });
  });

  it('with a typo in .hookwire.json blocks nothing, and every event reports the config error', async () => {
    const cwd = await makeProject({ hooks: [{ id: 'guard', evnt: 'tool:before', type: 'command', command: 'exit 2' }] });
    const run = await runClaude({ cwd, settings: describeBridgeHooks(), prompt: 'Remove x.', script: RM, output: 'stream-json' });
    expectCleanExit(run);
    expect(existsSync(join(cwd, 'x'))).toBe(false);
    const responses = listHookResponses(parseClaudeEvents(run.stdout));
    expect(responses.map((response) => response.hookEvent)).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop']);
    for (const response of responses) {
      // The bridge's own failure is a systemMessage on exit 0 (docs/bridge.md, "When the bridge cannot work").
      expect(response).toMatchObject({ outcome: 'success', exitCode: 0 });
      expect(JSON.parse(response.stdout)).toEqual({ systemMessage: response.stderr.split('\n')[0] });
      expect(response.stderr).toMatch(/^hookwire run: cannot load the config: .*\n.*unknown key "evnt"; did you mean "event"\?/s);
    }
  });

  it('folds two denying hooks: both reasons reach the model, joined in config order', async () => {
    const deny = (id: string, command: string) => ({ id, event: 'tool:before', matcher: 'Bash', type: 'command', command, timeout: 5 });
    // The first hook is the slower: Claude Code would keep the last finisher's reason; hookwire keeps both, in order.
    const config = { hooks: [deny('slow', "sleep 0.2; echo 'first reason' >&2; exit 2"), deny('fast', "echo 'second reason' >&2; exit 2")] };
    const cwd = await makeProject(config);
    const run = await runClaude({ cwd, settings: describeBridgeHooks(), prompt: 'Remove x.', script: RM });
    expectCleanExit(run);
    expect(existsSync(join(cwd, 'x'))).toBe(true);
    expect(listToolResults(run.requests)).toEqual([
      { toolUseId: expect.any(String), text: 'PreToolUse:Bash hook error: first reason\n\nsecond reason', isError: true },
    ]);
  });
});
