// Reads a V8 .cpuprofile (node --cpu-prof): self time by category, hottest functions and lines, hookwire's own functions inclusive.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REPO_DIR } from './paths.mjs';

function pathOf(url) {
  if (!url) return '';
  if (url.startsWith('file://')) {
    const path = fileURLToPath(url);
    return path.startsWith(`${REPO_DIR}/`) ? path.slice(REPO_DIR.length + 1) : path;
  }
  return url;
}

/** What kind of code a frame is: V8's pseudo-frames, module loading, Node internals, a dependency, a hookwire package. */
export function categoryOf(callFrame) {
  const { functionName, url } = callFrame;
  if (!url && functionName.startsWith('(')) return functionName;
  if (!url) return 'native / builtins';
  if (url.startsWith('node:internal/modules') || url.startsWith('node:internal/process/esm')) return 'module loading (node:internal/modules)';
  if (url.startsWith('node:')) return 'node internals';
  const path = pathOf(url);
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(path);
  if (dep) return `dependency: ${dep[1]}`;
  const pkg = /(?:^|\/)packages\/([^/]+)\//.exec(path);
  if (pkg) return `hookwire: ${pkg[1]}`;
  return 'other scripts';
}

const whereOf = (callFrame) => (callFrame.url ? `${pathOf(callFrame.url)}:${callFrame.lineNumber + 1}` : '');

export function summarizeProfile(file, { top = 15 } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const delta = timeDeltas[i + 1] ?? 0;
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + delta);
  }
  const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const categories = new Map();
  const functions = new Map();
  const lines = new Map();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const category = categoryOf(node.callFrame);
    categories.set(category, (categories.get(category) ?? 0) + us);
    const key = `${node.callFrame.functionName || '(anonymous)'}\0${whereOf(node.callFrame)}`;
    const entry = functions.get(key) ?? { fn: node.callFrame.functionName || '(anonymous)', where: whereOf(node.callFrame), category, us: 0 };
    entry.us += us;
    functions.set(key, entry);
    const ticks = (node.positionTicks ?? []).reduce((a, t) => a + t.ticks, 0);
    if (ticks > 0 && node.callFrame.url) {
      for (const { line, ticks: t } of node.positionTicks) {
        const where = `${pathOf(node.callFrame.url)}:${line}`;
        const k = `${node.callFrame.functionName}\0${where}`;
        const e = lines.get(k) ?? { fn: node.callFrame.functionName || '(anonymous)', where, us: 0 };
        e.us += (us * t) / ticks;
        lines.set(k, e);
      }
    }
  }
  // Inclusive time of hookwire's own functions, each counted once per stack (recursion does not double it).
  const inclusive = new Map();
  const walk = (id, active) => {
    const node = nodes.get(id);
    const key = `${node.callFrame.functionName || '(anonymous)'}\0${whereOf(node.callFrame)}`;
    const mine = categoryOf(node.callFrame).startsWith('hookwire:') && !active.has(key);
    if (mine) active.add(key);
    let us = selfUs.get(id) ?? 0;
    for (const child of node.children ?? []) us += walk(child, active);
    if (mine) {
      active.delete(key);
      const e = inclusive.get(key) ?? { fn: node.callFrame.functionName || '(anonymous)', where: whereOf(node.callFrame), us: 0 };
      e.us += us;
      inclusive.set(key, e);
    }
    return us;
  };
  walk(profile.nodes[0].id, new Set());
  const ms = (list) => list.map(({ us, ...rest }) => ({ ...rest, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
  return {
    totalMs: totalUs / 1000,
    categories: ms([...categories].map(([category, us]) => ({ category, us }))),
    selfTop: ms([...functions.values()]).slice(0, top),
    hookwireInclusive: ms([...inclusive.values()]).slice(0, top),
    linesTop: ms([...lines.values()]).slice(0, top * 4),
    scripts: new Set(profile.nodes.map((n) => n.callFrame.url).filter((u) => u.startsWith('file://'))).size,
  };
}
