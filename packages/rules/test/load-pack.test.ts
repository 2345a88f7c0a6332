import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPack } from '../src/load-pack.js';
import { resolvePackOptions } from '../src/compile-pack.js';

const dir = mkdtempSync(join(tmpdir(), 'hookwire-packs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const packData = {
  name: 'acme-pack', version: '2.0.0', levels: ['base'],
  rules: [{ id: 'no-ls', category: 't', severity: 'low', mode: 'enforce', level: 'base', event: 'tool:before', tools: ['Bash'], for: 'command', when: "c.program == 'ls'", decision: 'ask', reason: 'Use the Glob tool.' }],
};

describe('loadPack', () => {
  it('resolves hookwire:recommended to the built-in pack', async () => {
    const pack = await loadPack('hookwire:recommended', { from: dir });
    expect(pack.name).toBe('hookwire:recommended');
    expect(pack.levels).toEqual(['recommended', 'strict']);
  });

  it('reads a JSON file relative to the config folder', async () => {
    writeFileSync(join(dir, 'team.json'), JSON.stringify(packData));
    expect((await loadPack('./team.json', { from: dir })).name).toBe('acme-pack');
  });

  it('resolves a package name through node_modules from the config folder, as a JS module', async () => {
    const pkg = join(dir, 'node_modules', 'acme-hookwire-pack');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'acme-hookwire-pack', version: '2.0.0', main: 'index.mjs' }));
    writeFileSync(join(pkg, 'index.mjs'), `export default ${JSON.stringify(packData)};\n`);
    const compiled = await resolvePackOptions({ pack: 'acme-hookwire-pack' }, { from: dir });
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.pack.rules.map((r) => r.rule.id)).toEqual(['no-ls']);
  });

  it('fails with a stable code when a pack is missing or malformed', async () => {
    await expect(loadPack('hookwire:unknown', { from: dir })).rejects.toMatchObject({ code: 'HOOKWIRE_PACK_NOT_FOUND' });
    await expect(loadPack('no-such-pack-anywhere', { from: dir })).rejects.toMatchObject({ code: 'HOOKWIRE_PACK_NOT_FOUND' });
    writeFileSync(join(dir, 'bad.json'), '{ "name": "x", ');
    await expect(loadPack('./bad.json', { from: dir })).rejects.toMatchObject({ code: 'HOOKWIRE_PACK_INVALID' });
    writeFileSync(join(dir, 'shape.json'), JSON.stringify({ name: 'x', version: '1', levels: [], rules: {} }));
    await expect(loadPack('./shape.json', { from: dir })).rejects.toThrow(/levels: expected a non-empty list.*rules: expected a list/);
  });
});
