import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSpawnError } from '../src/spawn-error.js';

let dir: string;

beforeAll(async () => {
  dir = await tempDir('spawn-error-');
  writeFileSync(join(dir, 'file'), '');
});

afterAll(removeTempDirs);

const enoent = Object.assign(new Error('spawn /bin/zsh ENOENT'), { code: 'ENOENT' });
const eacces = Object.assign(new Error('spawn /bin/zsh EACCES'), { code: 'EACCES' });
const emfile = Object.assign(new Error('spawn EMFILE'), { code: 'EMFILE' });

describe('describeSpawnError', () => {
  it.each([
    { error: enoent, cwd: 'missing', message: 'cwd {dir}/missing does not exist' },
    { error: enoent, cwd: 'file', message: 'cwd {dir}/file is not a directory' },
    { error: enoent, cwd: 'file/below', message: 'cwd {dir}/file/below is not a directory' },
    { error: enoent, cwd: '', message: 'shell /bin/zsh not found' },
    { error: eacces, cwd: '', message: 'shell /bin/zsh is not executable' },
    { error: emfile, cwd: '', message: 'could not start shell /bin/zsh in {dir}/: EMFILE' },
    { error: 'odd', cwd: '', message: 'could not start shell /bin/zsh in {dir}/: odd' },
  ])('$error.code in "$cwd" reads "$message"', ({ error, cwd, message }) => {
    expect(describeSpawnError(error, { shell: '/bin/zsh', cwd: `${dir}/${cwd}` })).toBe(message.replace('{dir}', dir));
  });
});
