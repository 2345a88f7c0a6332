import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** The pages whose shell blocks must run or say why not: the root README, docs/*.md, every package README. */
export function docPages(): string[] {
  const docs = readdirSync(join(REPO, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  const packages = readdirSync(join(REPO, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `packages/${entry.name}/README.md`)
    .filter((page) => {
      try {
        readFileSync(join(REPO, page));
        return true;
      } catch {
        return false;
      }
    });
  return ['README.md', ...docs.sort(), ...packages.sort()];
}

/** The languages that make a fenced block a shell block. */
export const SHELL_LANGUAGES = new Set(['sh', 'bash', 'console', 'shell', 'shell-session', 'zsh']);

/**
 * What the comment line just before a fence says about the block:
 * - `<!-- doc-test: ID -->`: a test in test/docs/runners.ts under ID runs the block as printed;
 * - `<!-- illustrative: WHY -->`: not run, and WHY says why (a real host, a server, the network...);
 * - `<!-- synopsis: COMMAND -->`: a usage line, which must be the one `hookwire COMMAND --help` prints.
 */
export type Marker = { kind: 'doc-test' | 'illustrative' | 'synopsis'; value: string; line: number };

export interface ShellBlock {
  /** The page, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  body: string;
  marker?: Marker;
  /** A comment just before the fence that looks like a marker but is not one (a typo): its text. */
  badMarker?: string;
  /** The text of an untagged (or `text`) block right after this one, only blank lines between: the output shown. */
  output?: string;
}

const MARKER = /^<!--\s*(doc-test|illustrative|synopsis)\s*:\s*(.*?)\s*-->$/;
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/;

interface Fenced {
  line: number;
  lang: string;
  body: string;
  end: number;
}

function fencedBlocks(lines: string[]): Fenced[] {
  const blocks: Fenced[] = [];
  for (let at = 0; at < lines.length; at++) {
    const open = FENCE.exec(lines[at]!);
    if (!open) continue;
    const fence = open[2]!;
    const body: string[] = [];
    let end = at + 1;
    for (; end < lines.length; end++) {
      const text = lines[end]!;
      const trimmed = text.trim();
      if (trimmed.startsWith(fence[0]!.repeat(fence.length)) && trimmed.replace(/^[`~]+/, '') === '') break;
      body.push(text.slice(Math.min(open[1]!.length, text.length - text.trimStart().length)));
    }
    blocks.push({ line: at + 1, lang: open[3]!.toLowerCase(), body: body.join('\n'), end });
    at = end;
  }
  return blocks;
}

/** Is the block a shell block: tagged with a shell language, or untagged and starting with a `$ ` prompt line. */
function isShell(block: Fenced): boolean {
  if (SHELL_LANGUAGES.has(block.lang)) return true;
  return block.lang === '' && /^\$ /.test(block.body.trimStart());
}

/** Every shell block of one page, with its marker and the output block after it. */
export function shellBlocks(file: string, text: string): ShellBlock[] {
  const lines = text.split('\n');
  const fenced = fencedBlocks(lines);
  const result: ShellBlock[] = [];
  fenced.forEach((block, index) => {
    if (!isShell(block)) return;
    const shell: ShellBlock = { file, line: block.line, lang: block.lang || 'console', body: block.body };
    let before = block.line - 2;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    const comment = before >= 0 ? lines[before]!.trim() : '';
    const marker = MARKER.exec(comment);
    if (marker) shell.marker = { kind: marker[1] as Marker['kind'], value: marker[2]!, line: before + 1 };
    else if (/^<!--.*(doc-?test|illustrative|synopsis)/i.test(comment)) shell.badMarker = comment;
    const next = fenced[index + 1];
    if (next !== undefined && (next.lang === '' || next.lang === 'text') && !isShell(next) && lines.slice(block.end + 1, next.line - 1).every((line) => line.trim() === '')) {
      shell.output = next.body;
    }
    result.push(shell);
  });
  return result;
}

/** Every shell block of every doc page. */
export function allShellBlocks(): ShellBlock[] {
  return docPages().flatMap((page) => shellBlocks(page, readFileSync(join(REPO, page), 'utf8')));
}

export function where(block: Pick<ShellBlock, 'file' | 'line'>): string {
  return `${block.file}:${block.line}`;
}

/**
 * A console block (`$ command` lines, each followed by what it prints) as a script and the output
 * shown; a line ending in `\` continues its command on the next line. A block without a prompt is
 * all script, its output the block after it (if any).
 */
export function splitConsole(block: ShellBlock): { script: string; shown?: string } {
  const lines = block.body.split('\n');
  if (!lines.some((line) => line.startsWith('$ '))) return { script: block.body, ...(block.output === undefined ? {} : { shown: block.output }) };
  const script: string[] = [];
  const shown: string[] = [];
  let continued = false;
  for (const line of lines) {
    if (continued || line.startsWith('$ ')) {
      script.push(continued ? line : line.slice(2));
      continued = line.endsWith('\\');
    } else shown.push(line);
  }
  return { script: script.join('\n'), shown: shown.join('\n') };
}

/**
 * Does the real output match the one shown? Trailing blanks and blank lines at the ends do not
 * count; a line that is only `...` stands for any number of lines, and `(...)` inside a line for
 * any text in parentheses (the docs abridge long output that way).
 */
export function matchesShown(shown: string, real: string): boolean {
  const tidy = (text: string) => text.replace(/[ \t]+$/gm, '').replace(/^\n+|\n+$/g, '').split('\n');
  const want = tidy(shown);
  const got = tidy(real);
  const lineMatches = (pattern: string, line: string) => {
    if (!pattern.includes('(...)')) return pattern === line;
    const regex = pattern.split('(...)').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\(.*\\)');
    return new RegExp(`^${regex}$`).test(line);
  };
  const match = (w: number, g: number): boolean => {
    if (w === want.length) return g === got.length;
    if (want[w] === '...') {
      for (let skip = g; skip <= got.length; skip++) if (match(w + 1, skip)) return true;
      return false;
    }
    return g < got.length && lineMatches(want[w]!, got[g]!) && match(w + 1, g + 1);
  };
  return match(0, 0);
}

export function relativeToRepo(path: string): string {
  return relative(REPO, path);
}

/** Does a shell line run `hookwire` by its bare name (first word, after a pipe, `&&`, `;` or `VAR=value`)? Comments do not count. */
export function runsBareHookwire(line: string): boolean {
  return /(^\s*|[|;&]\s*)(\w+=\S*\s+)*hookwire(\s|$)/.test(line.replace(/(^|\s)#.*$/, ''));
}

/** The 1-based lines of every marker comment of a page (to find those that mark no shell block). */
export function markerLines(text: string): number[] {
  return text.split('\n').flatMap((line, at) => (MARKER.test(line.trim()) ? [at + 1] : []));
}
