import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '@hookwire/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { runClaude, type ClaudeRun } from './claude.js';
import { listHookResponses, parseClaudeEvents, type ClaudeEvent } from './claude-events.js';
import { describeBridgeHooks, describeCommandHooks, HOOKWIRE_BIN } from './claude-settings.js';
import { listToolResults } from './fake-anthropic.js';

// The real Claude Code, headless, with the hookwire bridge as its only hook, when the bridge is
// set up wrong: nothing is blocked, and the user is told on every event (docs/bridge.md,
// "When the bridge cannot work").

const projects: string[] = [];

afterEach(async () => {
  await Promise.all(projects.splice(0).map((cwd) => rm(cwd, { recursive: true, force: true })));
});

async function makeProject(hookwireConfig: unknown): Promise<string> {
  const cwd = await tempDir('hookwire-claude-never-off-');
  projects.push(cwd);
  await writeFile(join(cwd, 'x'), 'keep me\n');
  await writeFile(join(cwd, '.hookwire.json'), `${JSON.stringify(hookwireConfig, null, 2)}\n`);
  return cwd;
}

/** What Claude Code showed the user: its `informational` notices, as `<hook> says: <message>`. */
function listNotices(events: ClaudeEvent[]): string[] {
  return events.filter((event) => event.type === 'system' && event.subtype === 'informational').map((event) => String(event.content));
}

function expectToldOnEveryEvent(run: ClaudeRun, problem: RegExp): void {
  expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
  const events = parseClaudeEvents(run.stdout);
  const responses = listHookResponses(events);
  // Every event the bridge ran on, SessionStart included, answered exit 0 with a systemMessage naming the problem.
  expect(responses.map((response) => response.hookEvent).sort()).toEqual(['PostToolUse', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
  for (const response of responses) {
    expect(response.exitCode ?? 0, response.hookEvent).toBe(0);
    expect(response.outcome, response.hookEvent).toBe('success');
  }
  // Claude Code shows it as a notice on each event after the session started (SessionStart's comes before -p's stream begins).
  const notices = listNotices(events);
  for (const hook of ['UserPromptSubmit', 'PreToolUse:Bash', 'PostToolUse:Bash', 'Stop']) {
    const notice = notices.find((text) => text.startsWith(`${hook} says: hookwire run: `));
    expect(notice, `${hook} in ${JSON.stringify(notices)}`).toMatch(problem);
  }
}

describe('the bridge set up wrong, under the real Claude Code', () => {
  it('a typo in .hookwire.json blocks nothing, and the user is told on each event', async () => {
    const cwd = await makeProject({ hooks: [{ event: 'PreTooluse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" }] });
    const run = await runClaude({ cwd, settings: describeBridgeHooks(), prompt: 'Remove x.', script: [{ bash: 'rm -rf ./x' }, { text: 'finished' }], output: 'stream-json' });
    expectToldOnEveryEvent(run, /cannot load the config: .*received "PreTooluse"; did you mean "PreToolUse"\? \(no hookwire hook ran for \w+, nothing was blocked\)$/);
    expect(existsSync(join(cwd, 'x'))).toBe(false);
    expect(listToolResults(run.requests)).toMatchObject([{ isError: false }]);
  });

  it("a typo in the bridge's flags blocks nothing, and the user is told on each event", async () => {
    const cwd = await makeProject({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no ls' >&2; exit 2" }] });
    const settings = describeCommandHooks(`node ${JSON.stringify(HOOKWIRE_BIN)} run --config "$CLAUDE_PROJECT_DIR"/.hookwire.json --budegt 20`, 30);
    const run = await runClaude({ cwd, settings, prompt: 'List the files.', script: [{ bash: 'ls' }, { text: 'finished' }], output: 'stream-json' });
    expectToldOnEveryEvent(run, /the command line is wrong: unknown flag --budegt; did you mean --budget\? \(no hookwire hook ran for \w+, nothing was blocked\)$/);
    expect(listToolResults(run.requests)).toEqual([{ toolUseId: expect.any(String), text: expect.stringMatching(/^x$/m), isError: false }]);
  });
});
