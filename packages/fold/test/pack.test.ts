import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { removeTempDirs, tempDir as makeTempDir } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
afterAll(removeTempDirs);

const script = `
import { fold } from '@hookwire/fold';
const outcome = fold(
  [
    { decision: 'allow', additionalContext: 'checked' },
    { decision: 'block', reason: 'rm -rf is not allowed' },
    { decision: 'deny', reason: 'protected path', systemMessage: 'guard ran' },
  ],
  { blockable: true },
);
const downgraded = fold([{ decision: 'deny', reason: 'too late' }], { blockable: false });
console.log(JSON.stringify({ outcome, downgraded }));
`;

describe('the packed @hookwire/fold', () => {
  it('installs on its own, without dependencies, and folds', { timeout: 120_000 }, async () => {
    const packDir = await makeTempDir('hookwire-fold-pack-');
    await run('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', packDir], { cwd: packageDir, timeout: 60_000 });
    const tarballs = (await readdir(packDir)).filter((name) => name.endsWith('.tgz'));
    expect(tarballs).toHaveLength(1);
    const tarball = join(packDir, tarballs[0] as string);

    const appDir = await makeTempDir('hookwire-fold-app-');
    await run('npm', ['init', '-y'], { cwd: appDir, timeout: 60_000 });
    await run('npm', ['install', '--no-audit', '--no-fund', tarball], { cwd: appDir, timeout: 90_000 });

    const installed = join(appDir, 'node_modules', '@hookwire', 'fold');
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.name).toBe('@hookwire/fold');
    expect(Object.keys((manifest.dependencies ?? {}) as object)).toEqual([]);
    expect(manifest.peerDependencies).toBeUndefined();
    expect(manifest.optionalDependencies).toBeUndefined();
    const shipped = await readdir(installed);
    expect(shipped).toContain('README.md');
    expect(shipped).toContain('lib');
    expect(await readdir(join(installed, 'lib'))).not.toContain('.tsbuildinfo');
    expect((await readdir(join(appDir, 'node_modules'))).filter((name) => !name.startsWith('.'))).toEqual(['@hookwire']);

    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: appDir, timeout: 30_000 });
    expect(JSON.parse(stdout)).toStrictEqual({
      outcome: {
        decision: 'deny',
        reason: 'rm -rf is not allowed\n\nprotected path',
        continue: true,
        additionalContext: ['checked'],
        systemMessage: ['guard ran'],
        downgraded: false,
      },
      downgraded: {
        decision: 'none',
        continue: true,
        additionalContext: [],
        systemMessage: [],
        downgraded: true,
        rawDecision: 'deny',
        rawReason: 'too late',
      },
    });
  });
});
