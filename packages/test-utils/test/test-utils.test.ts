import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeTestServers, quote, removeTempDirs, reply, startTestServer, tempDir, waitFor, waitUntil } from '../src/index.js';
import { execFileSync } from 'node:child_process';

describe('tempDir', () => {
  it('makes distinct folders and removes them all', async () => {
    const a = await tempDir('hookwire-tu-');
    const b = await tempDir('hookwire-tu-');
    expect(a).not.toBe(b);
    await writeFile(join(a, 'f'), 'x');
    await removeTempDirs();
    expect(existsSync(a)).toBe(false);
    expect(existsSync(b)).toBe(false);
  });
});

describe('quote', () => {
  it.each(["plain", "it's", "a b", "$HOME", "'", ''])('%j survives sh', (word) => {
    expect(execFileSync('/bin/sh', ['-c', `printf '%s' ${quote(word)}`], { encoding: 'utf8' })).toBe(word);
  });
});

describe('waitFor and waitUntil', () => {
  it('waitFor resolves once the predicate holds', async () => {
    let n = 0;
    await waitFor(() => ++n >= 3);
    expect(n).toBe(3);
  });

  it('waitUntil says whether the condition held in time', async () => {
    expect(await waitUntil(() => true)).toBe(true);
    expect(await waitUntil(() => false, 50)).toBe(false);
  });
});

describe('startTestServer', () => {
  it('records what it received and answers through the handler', async () => {
    const server = await startTestServer((_request, response) => reply(response, 201, 'made'));
    const response = await fetch(server.url, { method: 'POST', body: 'hello' });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('made');
    expect(server.received.map((r) => [r.method, r.body])).toEqual([['POST', 'hello']]);
    await closeTestServers();
  });
});
