import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { openAuditFile } from '../src/audit-file.js';
import { AUDIT_LOG_MAX_BYTES, auditLogPlace, defaultAuditLogPath } from '../src/audit-place.js';

afterEach(removeTempDirs);

const quiet = { warn() {}, error() {} };

describe('auditLogPlace: where the config\'s auditLog puts records', () => {
  const env = { HOME: '/home/me' };
  it.each([
    ['unset', undefined, env, undefined],
    ['false', false, env, undefined],
    ['true: the state folder', true, env, { path: '/home/me/.local/state/hookwire/audit.jsonl', payloads: true, maxBytes: AUDIT_LOG_MAX_BYTES }],
    ['true, $XDG_STATE_HOME set', true, { ...env, XDG_STATE_HOME: '/state' }, { path: '/state/hookwire/audit.jsonl', payloads: true, maxBytes: AUDIT_LOG_MAX_BYTES }],
    ['true, a relative $XDG_STATE_HOME is ignored (the XDG specification)', true, { ...env, XDG_STATE_HOME: 'state' }, { path: '/home/me/.local/state/hookwire/audit.jsonl', payloads: true, maxBytes: AUDIT_LOG_MAX_BYTES }],
    ['an absolute path', '/var/log/hw.jsonl', env, { path: '/var/log/hw.jsonl', payloads: true, maxBytes: AUDIT_LOG_MAX_BYTES }],
    ['a path under ~/', '~/logs/hw.jsonl', env, { path: '/home/me/logs/hw.jsonl', payloads: true, maxBytes: AUDIT_LOG_MAX_BYTES }],
    ['an object without payloads', { payloads: false }, env, { path: '/home/me/.local/state/hookwire/audit.jsonl', payloads: false, maxBytes: AUDIT_LOG_MAX_BYTES }],
    ['an object with a path', { path: '~/a.jsonl', payloads: true }, env, { path: '/home/me/a.jsonl', payloads: true, maxBytes: AUDIT_LOG_MAX_BYTES }],
  ] as const)('%s', (_name, setting, given, expected) => {
    expect(auditLogPlace(setting, given)).toStrictEqual(expected);
  });

  it('the default place without $HOME is the home folder of the user', () => {
    expect(defaultAuditLogPath({})).toMatch(/\/\.local\/state\/hookwire\/audit\.jsonl$/);
  });
});

describe('openAuditFile with maxBytes and createFolder (the config\'s log)', () => {
  it('makes the missing folder (0700) and the file (0600)', async () => {
    const path = join(await tempDir(), 'state', 'hookwire', 'audit.jsonl');
    const file = openAuditFile(path, quiet, { createFolder: true, maxBytes: 1024 });
    file.write('{"n":1}\n');
    expect(await file.close(2_000)).toBe(0);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toMatch(/^\{"n":1,"prev":"sha256:[0-9a-f]{64}"\}\n$/);
  });

  it('rotates past maxBytes: FILE.1 holds the full file, FILE starts a new chain; every line is in one of them, in order', async () => {
    const dir = await tempDir();
    const path = join(dir, 'audit.jsonl');
    const lines = Array.from({ length: 40 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(100)}"}\n`);
    // One writer per line, as the bridge writes (one process per event): each opens, appends, closes.
    for (const line of lines) {
      const file = openAuditFile(path, quiet, { maxBytes: 2_000 });
      file.write(line);
      expect(await file.close(2_000)).toBe(0);
    }
    expect(readdirSync(dir).sort()).toEqual(['audit.jsonl', 'audit.jsonl.1']);
    const current = readFileSync(path, 'utf8').trimEnd().split('\n');
    const older = readFileSync(`${path}.1`, 'utf8').trimEnd().split('\n');
    expect(statSync(`${path}.1`).size).toBeGreaterThanOrEqual(2_000);
    expect(statSync(`${path}.1`).size).toBeLessThan(2_000 + 200);
    const numbers = [...older, ...current].map((line) => (JSON.parse(line) as { n: number }).n);
    // The oldest generations are gone (one older file is kept); what is kept is the newest, in order.
    expect(numbers).toEqual(lines.slice(40 - numbers.length).map((_, i) => 40 - numbers.length + i));
    const cli = join(import.meta.dirname, '../../hookwire/dist/hookwire.cjs');
    // Each file is a chain of its own: audit verify passes on both.
    for (const file of [path, `${path}.1`]) expect(execFileSync(process.execPath, [cli, 'audit', 'verify', file], { encoding: 'utf8' })).toMatch(/chain intact/);
  });

  it('a long-lived writer whose file another process rotated writes to the new file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'audit.jsonl');
    const long = openAuditFile(path, quiet, { maxBytes: 1_000_000 });
    long.write('{"n":"first"}\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Another writer (a bridge) rotates it.
    writeFileSync(path, `${readFileSync(path, 'utf8')}${'{"pad":1}\n'.repeat(10)}`);
    const other = openAuditFile(path, quiet, { maxBytes: 50 });
    other.write('{"n":"other"}\n');
    expect(await other.close(2_000)).toBe(0);
    long.write('{"n":"after"}\n');
    expect(await long.close(2_000)).toBe(0);
    expect(readFileSync(path, 'utf8')).toMatch(/^\{"n":"other",.*\n\{"n":"after",.*\n$/);
    expect(readFileSync(`${path}.1`, 'utf8')).toMatch(/^\{"n":"first",/);
  });
});
