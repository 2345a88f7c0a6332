import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '@hookwire/test-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killServes, startServe, type ServeProcess } from '../../packages/hookwire/test/serve/serve-process.js';
import { runClaude, type ClaudeRun } from './claude.js';
import { describeHttpHooks } from './claude-settings.js';
import { collectShownText, listToolResults } from './fake-anthropic.js';

// The real Claude Code with one `type: "http"` hook per event, pointed at a real `hookwire serve`:
// it must obey serve's folded answers as it obeys the bridge's.

const RM = [{ bash: 'rm -rf ./x' }, { text: 'finished' }];
const deny = (id: string, command: string) => ({ id, event: 'tool:before', matcher: 'Bash', type: 'command', command, timeout: 5 });
const CONFIG = {
  hooks: [
    // The first hook is the slower: Claude Code alone would keep one reason; hookwire keeps both, in config order.
    deny('slow', "grep -q 'rm -rf' && { sleep 0.2; echo 'first reason' >&2; exit 2; }; exit 0"),
    deny('fast', "grep -q 'rm -rf' && { echo 'second reason' >&2; exit 2; }; exit 0"),
    { id: 'prompt-context', event: 'prompt:submit', type: 'command', command: 'echo "Prompt note: served over http."', timeout: 5 },
    { id: 'after-context', event: 'tool:after', matcher: 'Bash', type: 'command', command: `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"Post note: the listing was checked."}}'`, timeout: 5 },
  ],
};

let server: ServeProcess;
let configDir: string;
const projects: string[] = [];

async function makeProject(): Promise<string> {
  const cwd = await tempDir('hookwire-claude-serve-');
  projects.push(cwd);
  await writeFile(join(cwd, 'x'), 'keep me\n');
  return cwd;
}

function expectCleanExit(run: ClaudeRun): void {
  expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
}

beforeAll(async () => {
  configDir = await tempDir('hookwire-claude-serve-config-');
  await writeFile(join(configDir, 'hookwire.json'), JSON.stringify(CONFIG));
  server = await startServe(['--config', join(configDir, 'hookwire.json')]);
});

afterEach(async () => {
  await Promise.all(projects.splice(0).map((cwd) => rm(cwd, { recursive: true, force: true })));
});

afterAll(async () => {
  await killServes();
  await rm(configDir, { recursive: true, force: true });
});

describe('the real Claude Code with http hooks to hookwire serve', () => {
  it('obeys a folded deny: the file stays and both reasons reach the model, joined in config order', async () => {
    const cwd = await makeProject();
    const run = await runClaude({ cwd, settings: describeHttpHooks(`${server.url}/hooks/claude`), prompt: 'Remove x.', script: RM });
    expectCleanExit(run);
    expect(existsSync(join(cwd, 'x'))).toBe(true);
    expect(listToolResults(run.requests)).toEqual([{ toolUseId: expect.any(String), text: 'PreToolUse:Bash hook error: first reason\n\nsecond reason', isError: true }]);
  });

  it('lets a harmless command run and carries serve\'s prompt and post-tool context to the model', async () => {
    const cwd = await makeProject();
    const run = await runClaude({ cwd, settings: describeHttpHooks(`${server.url}/hooks/claude`), prompt: 'List the files.', script: [{ bash: 'ls' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(listToolResults(run.requests)).toEqual([{ toolUseId: expect.any(String), text: 'x', isError: false }]);
    const shown = collectShownText(run.requests);
    expect(shown).toContain('UserPromptSubmit hook additional context: Prompt note: served over http.');
    expect(shown).toContain('Post note: the listing was checked.');
  });
});
