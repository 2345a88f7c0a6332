import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { runOpenCode } from './opencode.js';
import { listToolResults } from './fake-chat-completions.js';

// The harness itself, before hookwire: the real OpenCode runs a scripted bash call against the fake
// model, and a native plugin (no hookwire) sees it and can deny it by throwing.

afterAll(() => removeTempDirs());

describe('the real OpenCode against the fake Chat Completions API', () => {
  it('runs a scripted bash call; a recording plugin sees it; a throw reaches the model', async () => {
    const dir = await tempDir('hookwire-opencode-native-');
    const seen = join(dir, 'seen.jsonl');
    const record = `import { appendFileSync } from 'node:fs';
export const Record = async () => ({
  'tool.execute.before': async (input, output) => { appendFileSync(${JSON.stringify(seen)}, JSON.stringify({ input, output }) + '\\n'); },
});
`;
    const ran = await runOpenCode({ plugins: { record }, prompt: 'say hi using bash', script: [{ bash: 'echo hi' }, { text: 'finished' }] });
    expect({ exitCode: ran.exitCode, timedOut: ran.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    expect(listToolResults(ran.requests)).toEqual(['hi\n']);
    const lines = (await readFile(seen, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toEqual([{ input: expect.objectContaining({ tool: 'bash' }), output: { args: { command: 'echo hi' } } }]);

    const deny = `export const Deny = async () => ({ 'tool.execute.before': async () => { throw new Error('NATIVE-DENY'); } });\n`;
    const denied = await runOpenCode({ plugins: { deny }, script: [{ bash: 'echo hi' }, { text: 'finished' }] });
    expect(denied.exitCode).toBe(0);
    expect(listToolResults(denied.requests)).toEqual(['NATIVE-DENY']);
  });
});
