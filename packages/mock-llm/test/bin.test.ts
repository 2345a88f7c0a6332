import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { askContent, killLeftovers, runToExit, spawnServer } from './spawn-server.js';

const BIN = fileURLToPath(new URL('../lib/bin.js', import.meta.url));
const TIMEOUT = 60_000;
const URL_LINE = /^http:\/\/127\.0\.0\.1:(\d+)\/v1$/;

let blocker: Server | undefined;

afterEach(async () => {
  await killLeftovers();
  await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(undefined)));
  blocker = undefined;
});

describe('hookwire-mock-llm', () => {
  it('keeps its shebang in the built file', () => {
    expect(readFileSync(BIN, 'utf8').split('\n', 1)[0]).toBe('#!/usr/bin/env node');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints its URL as the only stdout line, answers, and exits 0 on %s',
    async (signal) => {
      const server = await spawnServer(process.execPath, [BIN, '--port', '0']);
      const port = Number(URL_LINE.exec(server.url)?.[1]);
      expect(port).toBeGreaterThan(0);
      expect(await askContent(server.url, 'please DENY')).toBe('{"ok":false,"reason":"mock denied"}');
      expect(await askContent(server.url, 'please')).toBe('{"ok":true}');
      server.child.kill(signal);
      const exit = await server.exited;
      expect(exit).toEqual({ code: 0, signal: null, stdout: `${server.url}\n`, stderr: '' });
      await expect(askContent(server.url, 'after exit')).rejects.toThrow();
    },
    TIMEOUT,
  );

  it(
    'takes --host and --port=N',
    async () => {
      const server = await spawnServer(process.execPath, [BIN, '--host', '127.0.0.1', '--port=0']);
      expect(server.url).toMatch(URL_LINE);
      expect(await askContent(server.url, 'x')).toBe('{"ok":true}');
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    },
    TIMEOUT,
  );

  it.each([
    { argv: ['--bogus'], message: 'hookwire-mock-llm: unknown option "--bogus"' },
    { argv: ['--port', 'eighty'], message: 'hookwire-mock-llm: --port expects an integer from 0 to 65535, received "eighty"' },
    { argv: ['--port'], message: 'hookwire-mock-llm: --port needs a value' },
  ])(
    'exits 2 with a message on stderr for $argv',
    async ({ argv, message }) => {
      const exit = await runToExit(process.execPath, [BIN, ...argv]);
      expect(exit.code).toBe(2);
      expect(exit.stdout).toBe('');
      expect(exit.stderr).toBe(`${message}\nRun hookwire-mock-llm --help for usage.\n`);
    },
    TIMEOUT,
  );

  it(
    'prints usage on --help and exits 0',
    async () => {
      const exit = await runToExit(process.execPath, [BIN, '--help']);
      expect(exit.code).toBe(0);
      expect(exit.stdout).toMatch(/^Usage: hookwire-mock-llm \[--port N\] \[--host H\]\n/);
      expect(exit.stdout).toContain('--port N');
      expect(exit.stderr).toBe('');
    },
    TIMEOUT,
  );

  it(
    'exits 1 with a message when the port is taken',
    async () => {
      const taken = createServer();
      blocker = taken;
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const { port } = taken.address() as { port: number };
      const exit = await runToExit(process.execPath, [BIN, '--port', String(port)]);
      expect(exit.code).toBe(1);
      expect(exit.stdout).toBe('');
      expect(exit.stderr).toContain(`hookwire-mock-llm: The mock LLM could not listen on 127.0.0.1:${port}`);
      expect(exit.stderr).toContain('EADDRINUSE');
    },
    TIMEOUT,
  );
});
