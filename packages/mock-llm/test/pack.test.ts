import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askContent, killLeftovers, runToExit, spawnServer } from './spawn-server.js';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const TIMEOUT = 120_000;

let work: string;

beforeAll(async () => {
  work = await tempDir('hookwire-mock-llm-pack-');
});

afterAll(async () => {
  await killLeftovers();
  await removeTempDirs();
});

async function expectSuccess(command: string, args: readonly string[], cwd: string): Promise<void> {
  const exit = await runToExit(command, args, { cwd });
  expect(exit.code, `${command} ${args.join(' ')}\n${exit.stdout}\n${exit.stderr}`).toBe(0);
}

describe('the packed package', () => {
  it(
    'installs on its own with npm and its bin serves',
    async () => {
      const tarballs = join(work, 'tarballs');
      const project = join(work, 'project');
      await expectSuccess('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', tarballs], PACKAGE_DIR);
      const [tarball, ...others] = await readdir(tarballs);
      expect(others).toEqual([]);
      expect(tarball).toMatch(/^hookwire-mock-llm-.*\.tgz$/);

      await mkdir(project);
      await expectSuccess('npm', ['init', '-y'], project);
      await expectSuccess('npm', ['install', '--no-audit', '--no-fund', '--offline', join(tarballs, tarball!)], project);
      const root = join(project, 'node_modules', '@hookwire', 'mock-llm');
      expect((await readdir(root)).sort()).toEqual(['LICENSE', 'README.md', 'lib', 'package.json', 'src']);
      const installed = await readdir(join(root, 'lib'));
      expect(installed).toContain('bin.js');
      expect(installed).toContain('index.d.ts');
      expect(installed.filter((name) => name.endsWith('.tsbuildinfo'))).toEqual([]);

      const server = await spawnServer(join(project, 'node_modules', '.bin', 'hookwire-mock-llm'), ['--port', '0'], { cwd: project });
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(await askContent(server.url, 'DENY')).toBe('{"ok":false,"reason":"mock denied"}');
      expect(await askContent(server.url, 'ok')).toBe('{"ok":true}');
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);

      const library = await runToExit(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "const { startMockLlm } = await import('@hookwire/mock-llm'); const s = await startMockLlm(); console.log(typeof s.url, s.port > 0); await s.close();",
        ],
        { cwd: project },
      );
      expect(library).toMatchObject({ code: 0, stdout: 'string true\n' });
    },
    TIMEOUT,
  );
});
