import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs as cleanupSidecars, tempDir } from '@hookwire/test-utils';
import { openAuditFile } from '../src/audit-file.js';

afterEach(cleanupSidecars);

function recordingLogger(): { errors: string[]; warn(): void; error(message: string): void } {
  const errors: string[] = [];
  return { errors, warn() {}, error: (message: string) => void errors.push(message) };
}

describe('openAuditFile', () => {
  it('appends every line, in order, to a regular file, and loses none; each carries prev, the SHA-256 of the line before it', async () => {
    const path = join(await tempDir(), 'audit.jsonl');
    const logger = recordingLogger();
    const file = openAuditFile(path, logger);
    const lines = Array.from({ length: 200 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i * 37)}"}\n`);
    for (const line of lines) file.write(line);
    expect(await file.close(5_000)).toBe(0);
    const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
    const written = (await readFile(path, 'utf8')).split('\n');
    expect(written.pop()).toBe('');
    let prev = sha('');
    expect(written).toEqual(lines.map((line) => {
      const chained = `${line.slice(0, -2)},"prev":"${prev}"}`;
      prev = sha(chained);
      return chained;
    }));
    expect(logger.errors).toEqual([]);
  });

  it('chains to the last line already in the file, and ends a line a dead writer left without its newline', async () => {
    const path = join(await tempDir(), 'audit.jsonl');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, '{"old":1}\n{"cut":');
    const file = openAuditFile(path, recordingLogger());
    file.write('{"n":1}\n');
    expect(await file.close(5_000)).toBe(0);
    const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
    expect(await readFile(path, 'utf8')).toBe(`{"old":1}\n{"cut":\n{"n":1,"prev":"${sha('{"cut":')}"}\n`);
  });

  it('the writers of several processes chain one after another (the lock), whatever their interleaving', async () => {
    const path = join(await tempDir(), 'audit.jsonl');
    const module = JSON.stringify(new URL('../lib/audit-file.js', import.meta.url).href);
    const writers = Array.from({ length: 4 }, (_, w) => new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', `const { openAuditFile } = await import(${module}); const f = openAuditFile(${JSON.stringify(path)}, { warn() {}, error(m) { console.error(m) } }); for (let i = 0; i < 25; i++) f.write(JSON.stringify({ w: ${w}, i }) + '\\n'); process.exitCode = await f.close(5000);`], { stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('exit', resolve);
    }));
    expect(await Promise.all(writers)).toEqual([0, 0, 0, 0]);
    const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
    const written = (await readFile(path, 'utf8')).split('\n').slice(0, -1);
    expect(written).toHaveLength(100);
    let prev = sha('');
    for (const line of written) {
      expect((JSON.parse(line) as { prev: string }).prev).toBe(prev);
      prev = sha(line);
    }
  });

  it('a FIFO nobody reads: close returns within its bound and counts the lines it could not write', async () => {
    const path = join(await tempDir(), 'audit.fifo');
    execFileSync('mkfifo', [path]);
    const logger = recordingLogger();
    const file = openAuditFile(path, logger);
    file.write('{"a":1}\n');
    file.write('{"a":2}\n');
    expect(await file.close(200)).toBe(2);
    expect(logger.errors.join('\n')).toMatch(/no reader yet[\s\S]*2 line\(s\) not written, the log took none for 200 ms/);
  });

  it('a log that is taking lines is waited for past the bound: a slow FIFO reader gets every line', async () => {
    const path = join(await tempDir(), 'audit.fifo');
    execFileSync('mkfifo', [path]);
    // Reads 16 KiB every 100 ms: 20 lines of 16 KiB take about 2 s, far past close's 300 ms bound.
    // (Opened read-write, which never blocks on a FIFO, so that it can say when it is there.)
    const total = 20 * 16 * 1024;
    const reader = spawn(process.execPath, ['-e', `const fs=require('fs');const fd=fs.openSync(${JSON.stringify(path)},'r+');process.stdout.write('ready ');const b=Buffer.alloc(16384);let n=0;const t=setInterval(()=>{n+=fs.readSync(fd,b);if(n>=${total}){clearInterval(t);process.stdout.write(String(n))}},100)`], { stdio: ['ignore', 'pipe', 'inherit'] });
    let read = '';
    const ready = new Promise<void>((resolve) => reader.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      read += chunk;
      if (read.startsWith('ready')) resolve();
    }));
    const exited = new Promise((resolve) => reader.on('exit', resolve));
    await ready;
    const logger = recordingLogger();
    const file = openAuditFile(path, logger);
    const line = `${'z'.repeat(16 * 1024 - 1)}\n`;
    for (let i = 0; i < 20; i++) file.write(line);
    expect(await file.close(300)).toBe(0);
    await exited;
    expect(read).toBe(`ready ${total}`);
    expect(logger.errors.filter((message) => /lost/.test(message))).toEqual([]);
  });

  it('a path that cannot be opened (a folder) drops each line with one error, and writes nothing after close', async () => {
    const dir = await tempDir();
    const logger = recordingLogger();
    const file = openAuditFile(dir, logger);
    file.write('{"a":1}\n');
    file.write('{"a":2}\n');
    expect(await file.close(2_000)).toBe(2);
    expect(logger.errors).toEqual([expect.stringMatching(/cannot open it; the line is dropped/)]);
    file.write('{"a":3}\n');
    expect(logger.errors).toHaveLength(1);
  });
});
