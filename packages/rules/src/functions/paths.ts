import { posix } from 'node:path';

const HOME_PARENTS = new Set(['/home', '/Users']);

/** Normalises a path for comparison: collapses '//', '.', '..' and drops a trailing slash. */
export function normalizePath(path: string): string {
  if (path === '') return '';
  const normal = posix.normalize(path);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}

/** `path` made absolute against `cwd` and normalised; '~' forms are left as they are. */
export function resolvePath(path: string, cwd: string): string {
  if (path.startsWith('~') || path.startsWith('$')) return normalizePath(path);
  return normalizePath(posix.isAbsolute(path) ? path : posix.join(cwd || '/', path));
}

/**
 * Whether deleting or rewriting `path` wholesale would take a machine-wide tree: '/', a top-level
 * directory ('/etc', '/usr'), a home directory ('/home/x', '/Users/x', '/root', '~', '$HOME'),
 * or the contents of one of these ('/*', '~/*').
 */
export function isRootish(path: string): boolean {
  let p = path.trim();
  if (p === '') return false;
  if (p.endsWith('/*') || p === '*') p = p.slice(0, -1);
  if (p === '~' || p === '~/' || p === '$HOME' || p === '${HOME}' || p === '$HOME/' || p === '${HOME}/') return true;
  if (!p.startsWith('/')) return false;
  const n = normalizePath(p);
  if (n === '/') return true;
  const parts = n.split('/').filter(Boolean);
  if (parts.length === 1) return true;
  return parts.length === 2 && HOME_PARENTS.has(`/${parts[0]}`);
}

/** Whether `path` is `dir` or below it (both absolute; compared after normalising). */
export function isPathIn(path: string, dir: string): boolean {
  const p = normalizePath(path);
  const d = normalizePath(dir);
  if (d === '') return false;
  if (d === '/') return p.startsWith('/');
  return p === d || p.startsWith(`${d}/`);
}

export function basenameOf(path: string): string {
  return posix.basename(path);
}
