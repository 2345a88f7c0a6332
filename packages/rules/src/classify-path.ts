// The action package's glob compiler (a few regular expressions, held to picomatch's answers by its
// differential test), not picomatch: this runs in every event of a process started per tool call,
// and picomatch's scan and compile of the default classes cost more than the rest of the pack's setup.
import { DEFAULT_PATH_CLASSES, compileGlobs, readGlobBase } from '@hookwire/action';

export type PathClassifier = (path: string) => string[];

const cache = new Map<string, PathClassifier>();

/**
 * Classifies a path by the action package's sensitive-path classes plus the user's extra globs,
 * as buildAction does for the files it finds; here for paths that appear as command arguments
 * buildAction does not read as files (git add .env, tar czf x ~/.ssh, scp ~/.aws/credentials h:).
 * A folder that holds where a class's globs start (~ holds ~/.ssh) is in that class too.
 */
export function selectPathClassifier(home: string, extra: Readonly<Record<string, readonly string[]>>): PathClassifier {
  const key = `${home}\0${JSON.stringify(extra)}`;
  let classifier = cache.get(key);
  if (classifier === undefined) {
    const names = [...new Set([...Object.keys(DEFAULT_PATH_CLASSES), ...Object.keys(extra)])];
    const classes = names.map((name) => {
      const globs = [...(DEFAULT_PATH_CLASSES[name] ?? []), ...(extra[name] ?? [])].map((g) => expandGlob(g, home));
      const include = globs.filter((g) => !g.startsWith('!'));
      const ignore = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
      const bases = include.map(readGlobBase).filter((b) => b.startsWith('/') && b.length > 1);
      let isMatch: ((path: string) => boolean) | undefined;
      const match = (path: string): boolean => {
        if (isMatch === undefined) {
          const included = compileGlobs(include);
          const ignored = compileGlobs(ignore);
          isMatch = (p) => included(p) && !ignored(p);
        }
        return isMatch(path);
      };
      return { name, match, bases, needles: include.map((g) => { const base = readGlobBase(g); return base.startsWith('/') ? { base } : { piece: readNeedle(g) }; }) };
    });
    classifier = (path) => {
      const prefix = path === '/' ? '/' : `${path}/`;
      return classes
        .filter((c) => (c.needles.some((n) => (n.base !== undefined ? path.startsWith(n.base) : path.includes(n.piece))) && c.match(path)) || c.bases.some((b) => b === path || b.startsWith(prefix)))
        .map((c) => c.name);
    };
    if (cache.size > 16) cache.clear();
    cache.set(key, classifier);
  }
  return classifier;
}

/**
 * The longest literal piece of a glob's last segment: a path the glob matches contains it (and
 * starts with an absolute glob's base), so most arguments skip compiling and running matchers.
 */
function readNeedle(glob: string): string {
  const segments = glob.split('/').filter((s) => s !== '' && s !== '**' && s !== '*');
  const last = segments.at(-1) ?? '';
  return last.split(/[*?[\]{}()!+@]/).reduce((a, b) => (b.length > a.length ? b : a), '');
}

function expandGlob(glob: string, home: string): string {
  const negated = glob.startsWith('!');
  const body = negated ? glob.slice(1) : glob;
  let out = body;
  if (body === '~' || body.startsWith('~/')) out = home === '' ? `**${body.slice(1)}` : home.replace(/\/$/, '') + body.slice(1);
  else if (!body.startsWith('/') && !body.startsWith('**')) out = `**/${body}`;
  return negated ? `!${out}` : out;
}
