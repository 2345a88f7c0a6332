import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, findCycle, findLayerViolations, findUndeclaredImports, readSpecifiers, type ImportGraph } from './import-graph.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the import graph of packages/*/src', () => {
  const graph = buildImportGraph(ROOT);

  it('is read whole: every import resolves to a source file', () => {
    expect(graph.size).toBeGreaterThan(50);
    const missing = [...graph.values()].flat().filter((target) => !existsSync(`${ROOT}${target}`));
    expect(missing).toEqual([]);
  });

  it('has no cycle, within a package or across packages', () => {
    expect(findCycle(graph)).toBeUndefined();
  });

  it('crosses packages only along the dependencies each package.json declares', () => {
    expect(findUndeclaredImports(ROOT, graph)).toEqual([]);
  });

  it('goes down the layers: every package has one, and depends only on packages below it', () => {
    expect(findLayerViolations(ROOT)).toEqual([]);
  });
});

describe('the checker itself', () => {
  it('finds a dependency up or across the layers, and a package without a layer', () => {
    const root = mkdtempSync(join(tmpdir(), 'hookwire-layers-'));
    try {
      const write = (folder: string, dependencies: Record<string, string>, devDependencies: Record<string, string> = {}) => {
        mkdirSync(join(root, 'packages', folder), { recursive: true });
        writeFileSync(join(root, 'packages', folder, 'package.json'), JSON.stringify({ name: `@hookwire/${folder}`, dependencies, devDependencies }));
      };
      write('runtime', { '@hookwire/contract': 'workspace:*' }, { '@hookwire/opencode': 'workspace:*' });
      write('contract', { '@hookwire/runtime': 'workspace:*' });
      write('session', { '@hookwire/otlp': 'workspace:*', hookwire: 'workspace:*' });
      write('newcomer', {});
      // hookwire is published as a bundle: what it is built from (its devDependencies, but the test helpers) goes down the layers too.
      write('hookwire', {}, { '@hookwire/runtime': 'workspace:*', '@hookwire/opencode': 'workspace:*', '@hookwire/test-utils': 'workspace:*' });
      expect(findLayerViolations(root).sort()).toEqual([
        'packages/contract (layer 1) depends on @hookwire/runtime (layer 4): dependencies go down the layers',
        'packages/hookwire (layer 7) depends on @hookwire/opencode (layer 8): dependencies go down the layers',
        'packages/newcomer has no layer in LAYERS',
        'packages/session (layer 5) depends on @hookwire/otlp (layer 5): dependencies go down the layers',
        'packages/session (layer 5) depends on hookwire (layer 7): dependencies go down the layers',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds a cycle where there is one, and none in a chain', () => {
    const cyclic: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(findCycle(cyclic)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(findCycle(new Map([['a.ts', ['b.ts']], ['b.ts', []], ['c.ts', ['a.ts', 'b.ts']]]))).toBeUndefined();
    expect(findCycle(new Map([['self.ts', ['self.ts']]]))).toEqual(['self.ts', 'self.ts']);
  });

  it('reads static, type-only, re-export, side-effect and dynamic imports', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      'import {',
      '  c,',
      "} from '@hookwire/contract';",
      "export { d } from './d.js';",
      "export type { E } from './e.js';",
      "import './side.js';",
      "if (x) await import('./bin.js');",
      "const s = 'from ./not-an-import.js';",
    ].join('\n');
    expect(readSpecifiers(source).sort()).toEqual(['./a.js', './b.js', './bin.js', './d.js', './e.js', './side.js', '@hookwire/contract'].sort());
  });
});
