import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Every module specifier a TypeScript source names: static imports and re-exports (type-only included) and dynamic imports. */
export function readSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [/^\s*(?:import|export)\s[^'"`;]*?\sfrom\s+['"]([^'"]+)['"]/gms, /^\s*import\s+['"]([^'"]+)['"]/gm, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** A module graph: each file (relative to the root) and the files it imports. */
export type ImportGraph = Map<string, string[]>;

function listSources(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...listSources(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/**
 * The graph of every `packages/<name>/src` module: relative imports resolved to their `.ts` file,
 * `@hookwire/<name>` to that package's `src/index.ts` (a subpath `@hookwire/<name>/<entry>` to `src/<entry>.ts`; and `hookwire`, the CLI package, to its own); other packages (node:, npm) are left out.
 */
export function buildImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const packagesDir = join(root, 'packages');
  for (const name of readdirSync(packagesDir)) {
    const srcDir = join(packagesDir, name, 'src');
    try {
      statSync(srcDir);
    } catch {
      continue;
    }
    for (const file of listSources(srcDir)) {
      const edges: string[] = [];
      for (const specifier of readSpecifiers(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) edges.push(relative(root, resolve(dirname(file), specifier.replace(/\.js$/, '.ts'))));
        else if (specifier.startsWith('@hookwire/')) {
          // `@hookwire/<name>` is its src/index.ts, a subpath export `@hookwire/<name>/<entry>` its src/<entry>.ts.
          const [name, entry = 'index'] = specifier.slice('@hookwire/'.length).split('/');
          edges.push(join('packages', name!, 'src', `${entry}.ts`));
        }
        else if (specifier === 'hookwire') edges.push(join('packages', 'hookwire', 'src', 'index.ts'));
      }
      graph.set(relative(root, file), edges);
    }
  }
  return graph;
}

/** The first import cycle found, as the files along it (the first repeated at the end), or `undefined`. */
export function findCycle(graph: ImportGraph): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * The packages published as bundles that inline the workspace packages they import: `hookwire` (its bin
 * and its library entry, scripts/bundle-bin.mjs and scripts/bundle-lib.mjs) installs as one tarball with
 * no dependency, so what it is built from is a devDependency (packages/hookwire/test/pack.test.ts checks
 * the tarball declares none). Their devDependencies count as their dependencies here, layers included.
 */
const BUNDLED = new Set(['hookwire']);

type Manifest = { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

/** The packages a workspace package may import: its dependencies, and a bundled package's devDependencies but the test helpers. */
function declaredDependencies(folder: string, manifest: Manifest): string[] {
  const built = BUNDLED.has(folder) ? Object.keys(manifest.devDependencies ?? {}).filter((name) => name !== '@hookwire/test-utils') : [];
  return [...Object.keys(manifest.dependencies ?? {}), ...built];
}

/** Imports of another workspace package that its package.json does not declare (the allowed layers). */
export function findUndeclaredImports(root: string, graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const [file, edges] of graph) {
    const owner = file.split('/')[1]!;
    const manifest = JSON.parse(readFileSync(join(root, 'packages', owner, 'package.json'), 'utf8')) as Manifest;
    const declared = new Set(declaredDependencies(owner, manifest));
    for (const target of edges) {
      const other = target.split('/')[1]!;
      const name = other === 'hookwire' ? 'hookwire' : `@hookwire/${other}`;
      if (other !== owner && !declared.has(name)) problems.push(`${file} imports ${name}, which packages/${owner}/package.json does not list in dependencies`);
    }
  }
  return problems;
}

/**
 * The layers, bottom first: a package may depend only on packages of lower layers (docs/architecture.md
 * says why each boundary is where it is). Every workspace package has a place here, so a new package is
 * placed on purpose.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['fold', 'mock-llm'],
  ['contract', 'action'],
  ['exec-shell', 'http-post', 'rules'],
  ['exec-http', 'exec-oracle'],
  ['runtime'],
  ['session', 'otlp'],
  ['stdio-server', 'http-server'],
  ['hookwire'],
  ['opencode-plugin'],
  ['test-utils'],
];

/** Dependencies (runtime `dependencies`, and what a bundled package is built from) on workspace packages that do not go down the layers, and packages without a layer. */
export function findLayerViolations(root: string): string[] {
  const layerOf = new Map(LAYERS.flatMap((names, layer) => names.map((name) => [name, layer] as const)));
  const problems: string[] = [];
  for (const folder of readdirSync(join(root, 'packages'))) {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8')) as typeof manifest;
    } catch {
      continue;
    }
    const own = layerOf.get(folder);
    if (own === undefined) {
      problems.push(`packages/${folder} has no layer in LAYERS`);
      continue;
    }
    for (const dependency of declaredDependencies(folder, manifest)) {
      const target = dependency === 'hookwire' ? 'hookwire' : dependency.startsWith('@hookwire/') ? dependency.slice('@hookwire/'.length) : undefined;
      if (target === undefined) continue;
      const folderOf = target === 'opencode' ? 'opencode-plugin' : target;
      const layer = layerOf.get(folderOf);
      if (layer === undefined || layer >= own) problems.push(`packages/${folder} (layer ${own}) depends on ${dependency} (layer ${layer ?? 'none'}): dependencies go down the layers`);
    }
  }
  return problems;
}
