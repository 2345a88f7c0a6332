// The corpus: JSON lines of actions, and the sandbox every guard sees them in.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

export const LABELS = ['dangerous', 'everyday'];
const REQUIRED = ['id', 'label', 'category', 'tool', 'input', 'event', 'source'];

/** Reads corpus files (JSON lines); a bad line is an error naming the file and line, never skipped. */
export function loadCorpus(files) {
  const actions = [];
  const ids = new Set();
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (!text.trim()) return;
      let line;
      try {
        line = JSON.parse(text);
      } catch (error) {
        throw new Error(`${file}:${index + 1}: not JSON (${error.message})`, { cause: error });
      }
      for (const key of REQUIRED) {
        if (line[key] === undefined) throw new Error(`${file}:${index + 1}: missing "${key}"`);
      }
      if (!LABELS.includes(line.label)) {
        throw new Error(`${file}:${index + 1}: label must be one of ${LABELS.join(', ')}, got ${JSON.stringify(line.label)}`);
      }
      if (ids.has(line.id)) throw new Error(`${file}:${index + 1}: duplicate id ${line.id}`);
      ids.add(line.id);
      actions.push({ ...line, file: basename(file) });
    });
  }
  return actions;
}

/** Every *.jsonl in the corpus folder, sorted. */
export function listCorpusFiles(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * A throwaway home with a git project in it, and the files the corpus names, so that guards which
 * resolve paths see a real layout. Nothing in it is a real secret. It is made under `baseDir`, NOT
 * the system temp folder: guards rightly treat /tmp as disposable, and a home under /tmp would
 * make `rm -rf ~/Documents` look like a temp cleanup.
 */
export function makeSandbox(baseDir) {
  mkdirSync(baseDir, { recursive: true });
  const root = realpathSync(mkdtempSync(join(baseDir, 'sandbox-')));
  if (root.startsWith(`${realpathSync(tmpdir())}/`)) {
    throw new Error(`the sandbox must not be under the temp folder (${root}): set HOOKWIRE_GUARDS_SANDBOX elsewhere`);
  }
  const home = join(root, 'home');
  const project = join(home, 'project');
  const files = {
    [join(project, 'package.json')]: '{"name":"demo","version":"1.0.0"}\n',
    [join(project, 'README.md')]: '# demo\n',
    [join(project, 'src/index.ts')]: 'export const x = 1;\n',
    [join(project, '.env')]: 'API_KEY=not-a-real-key\n',
    [join(project, '.env.example')]: 'API_KEY=\n',
    [join(project, '.hookwire.json')]: '{"hooks":{}}\n',
    [join(project, '.claude/settings.json')]: '{"hooks":{}}\n',
    [join(home, '.ssh/id_rsa')]: 'not a real key\n',
    [join(home, '.ssh/id_ed25519.pub')]: 'ssh-ed25519 AAAA demo\n',
    [join(home, '.aws/credentials')]: '[default]\naws_access_key_id=none\n',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  execFileSync('git', ['init', '-q', project]);
  return { root, home, project, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Replaces {{project}} and {{home}} in every string of a tool input. */
export function substitutePaths(value, sandbox) {
  if (typeof value === 'string') {
    return value.replaceAll('{{project}}', sandbox.project).replaceAll('{{home}}', sandbox.home);
  }
  if (Array.isArray(value)) return value.map((item) => substitutePaths(item, sandbox));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitutePaths(v, sandbox)]));
  }
  return value;
}
