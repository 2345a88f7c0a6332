import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { runCopilot } from './copilot.js';
import { listToolResults } from './fake-chat-completions.js';

// The harness itself, before hookwire: the real Copilot CLI runs a scripted bash call against the
// fake model, and native command hooks (no hookwire) see it and can deny it.

afterAll(() => removeTempDirs());

describe('the real Copilot CLI against the fake Chat Completions API', () => {
  it('runs a scripted bash call; a recording preToolUse hook sees it; a native deny reaches the model', async () => {
    const dir = await tempDir('hookwire-copilot-native-');
    const record = `cat >> ${join(dir, 'seen.jsonl')}; echo >> ${join(dir, 'seen.jsonl')}`;
    const ran = await runCopilot({
      hookFiles: { record: { version: 1, hooks: { preToolUse: [{ type: 'command', bash: record, timeoutSec: 10 }] } } },
      script: [{ bash: 'echo hi' }, { text: 'finished' }],
    });
    expect({ exitCode: ran.exitCode, timedOut: ran.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    expect(listToolResults(ran.requests)).toEqual(['hi\n<shellId: 0 completed with exit code 0>']);
    const seen = (await readFile(join(dir, 'seen.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(seen).toEqual([expect.objectContaining({ toolName: 'bash', toolArgs: expect.objectContaining({ command: 'echo hi' }) })]);

    const denied = await runCopilot({
      hookFiles: { deny: { version: 1, hooks: { preToolUse: [{ type: 'command', bash: `echo '{"permissionDecision":"deny","permissionDecisionReason":"NATIVE-DENY"}'`, timeoutSec: 10 }] } } },
      script: [{ bash: 'echo hi' }, { text: 'finished' }],
    });
    expect(denied.exitCode).toBe(0);
    expect(listToolResults(denied.requests)).toEqual(['Denied by preToolUse hook: NATIVE-DENY']);
  });
});
