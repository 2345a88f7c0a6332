import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { askContent, killLeftovers, runToExit, spawnServer } from './spawn-server.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/mock-llm.mjs', import.meta.url));
const TIMEOUT = 60_000;

afterEach(killLeftovers);

describe('examples/mock-llm.mjs', () => {
  it(
    'starts the same server from the built package and exits 0 on SIGTERM',
    async () => {
      const server = await spawnServer(process.execPath, [EXAMPLE, '--port', '0']);
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(await askContent(server.url, 'DENY')).toBe('{"ok":false,"reason":"mock denied"}');
      expect(await askContent(server.url, 'fine')).toBe('{"ok":true}');
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null, stdout: `${server.url}\n`, stderr: '' });
    },
    TIMEOUT,
  );

  it(
    'parses the same flags',
    async () => {
      const exit = await runToExit(process.execPath, [EXAMPLE, '--port', '99999']);
      expect(exit.code).toBe(2);
      expect(exit.stderr).toContain('--port expects an integer from 0 to 65535, received "99999"');
    },
    TIMEOUT,
  );
});
