import picomatch from 'picomatch';

const MAX_CACHED = 512;
const cache = new Map<string, (path: string) => boolean>();

/**
 * Whether `path` matches the glob `pattern` (picomatch, dotfiles included). A pattern without a
 * slash matches the last path segment ('*.key' matches '/a/b/c.key'), as .gitignore does;
 * a relative pattern with a slash ('config/*.key') matches at any depth.
 */
export function matchesGlob(path: string, pattern: string): boolean {
  let matcher = cache.get(pattern);
  if (matcher === undefined) {
    const anchored = pattern.startsWith('/') || pattern.startsWith('**');
    const source = pattern.includes('/') && !anchored ? `**/${pattern}` : pattern;
    matcher = picomatch(source, { dot: true, basename: !pattern.includes('/') });
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(pattern, matcher);
  }
  return matcher(path);
}
