import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { DispatchResponseSchema, ErrorResponseSchema, PongResponseSchema, ReloadResponseSchema, ResponseSchema, parseRequest, renderOutcome } from '@hookwire/contract';
import { createRuntime, silentLogger, type Runtime } from '@hookwire/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { createSession } from '@hookwire/session';
import { createStdioServer } from '../src/server.js';
import { tempDir, writeConfig } from './sidecar.js';

const opened: Runtime[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((runtime) => runtime.close()));
});

async function runtimeOn(config: unknown, dir?: string): Promise<{ runtime: Runtime; path: string }> {
  const folder = dir ?? (await tempDir());
  const path = await writeConfig(folder, config);
  const runtime = await createRuntime({ configPath: path, logger: silentLogger });
  opened.push(runtime);
  return { runtime, path };
}

const guard = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" };
const context = { id: 'ctx', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"be careful"}}'` };
const bash = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

describe('stdio transport on in-memory streams', () => {
  it('serves lines in, lines out, answers bye after the requests before it, and ends with 0', async () => {
    const { runtime } = await runtimeOn({ hooks: [guard] });
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const server = createStdioServer({ runtime, input, output, logger: silentLogger, version: '1.2.3' });
    input.write('{"op":"ping"}\n');
    input.write(`${JSON.stringify({ op: 'dispatch', id: 'd', event: 'PreToolUse', payload: bash })}\n{"op":"nope"}\n\n`);
    input.end('{"op":"bye"}\n');
    expect(await server.done).toBe(0);
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) expect(ResponseSchema.safeParse(line).success).toBe(true);
    expect(lines[0]).toEqual({ ok: true, pong: true, version: '1.2.3', protocol: 1 });
    expect(lines).toContainEqual(expect.objectContaining({ ok: true, id: 'd', outcome: expect.objectContaining({ decision: 'deny' }) }));
    expect(lines).toContainEqual({ ok: false, error: expect.stringMatching(/unknown op "nope"/) });
    expect(lines.at(-1)).toEqual({ ok: true });
    expect(lines).toHaveLength(4);
  });

  it('stop cancels what is in flight and answers it canceled', async () => {
    const slow = { id: 'slow', event: 'PreToolUse', matcher: 'Sleep', type: 'command', command: 'sleep 30' };
    const { runtime } = await runtimeOn({ hooks: [slow] });
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const session = createSession({ runtime, version: '0' });
    const server = createStdioServer({ runtime, input, output, logger: silentLogger, version: '0', session });
    input.write(`${JSON.stringify({ op: 'dispatch', id: 1, event: 'PreToolUse', payload: { tool_name: 'Sleep' } })}\n`);
    while (session.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    server.stop(143);
    expect(await server.done).toBe(143);
    expect(JSON.parse(text)).toEqual({ ok: false, id: 1, error: 'canceled' });
  });
});
