/**
 * A small glob matcher for absolute paths: `**` (as a whole segment: any number of segments), `*` and
 * `?` (within a segment, dots included), `[...]` and `{a,b}`. Written here rather than taken from
 * picomatch because the one-shot process compiles the classes on every tool call: picomatch's compile
 * of the default classes cost about half as much as loading the shell parser (bench/action/cost.mjs),
 * a few regular expressions cost microseconds. A differential test holds it to picomatch's answers.
 */
const SPECIAL = /[\\^$.+()|]/g;

function translateSegment(segment: string): string {
  let out = '';
  for (let index = 0; index < segment.length; index += 1) {
    const char = segment[index]!;
    if (char === '*') {
      while (segment[index + 1] === '*') index += 1;
      out += '[^/]*';
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '[') {
      const close = segment.indexOf(']', index + 2);
      if (close === -1) {
        out += '\\[';
      } else {
        const body = segment.slice(index + 1, close).replace(/^!/, '^').replaceAll('\\', '\\\\');
        out += `[${body}]`;
        index = close;
      }
    } else if (char === '{') {
      const close = segment.indexOf('}', index);
      const inner = close === -1 ? '' : segment.slice(index + 1, close);
      if (close === -1 || !inner.includes(',') || inner.includes('{')) {
        out += '\\{';
      } else {
        out += `(?:${inner.split(',').map(translateSegment).join('|')})`;
        index = close;
      }
    } else if (char === '}' || char === ']') {
      out += `\\${char}`;
    } else {
      out += char.replace(SPECIAL, '\\$&');
    }
  }
  return out;
}

/** The regular expression source of one glob, anchored at both ends. */
export function translateGlob(glob: string): string {
  // `**/**` is `**`: each may match no segment, so two in a row must not demand a separator between them.
  const segments = glob.split('/').filter((segment, index, all) => !(segment === '**' && all[index - 1] === '**'));
  let out = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      if (segments.length === 1) out += '.*';
      else if (index === 0) out += '(?:.*/)?';
      else if (last) out += '(?:/.*)?';
      else out += '(?:/.*)?/';
      return;
    }
    const previous = segments[index - 1];
    if (index > 0 && previous !== '**') out += '/';
    out += translateSegment(segment);
  });
  return `^${out}$`;
}

/** One matcher for many globs; none matches nothing. */
export function compileGlobs(globs: readonly string[]): (path: string) => boolean {
  if (globs.length === 0) return () => false;
  const pattern = new RegExp(globs.map(translateGlob).join('|'));
  return (path) => pattern.test(path);
}

/** The literal directory a glob starts from (`/etc` for `/etc/**`, '' for `**\/.env`). */
export function readGlobBase(glob: string): string {
  const segments = glob.split('/');
  const literal: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[{]/.test(segment)) break;
    literal.push(segment);
  }
  return literal.join('/');
}
