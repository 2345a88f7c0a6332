import { compileGlobs, readGlobBase } from './compile-globs.js';

/**
 * Sensitive-path classes: globs matched on the absolute path (`~` is the home given in options; a
 * glob starting with `!` excludes). A class name says what a path is, not what to do about it.
 */
export const DEFAULT_PATH_CLASSES: Readonly<Record<string, readonly string[]>> = {
  secrets: [
    '**/.env',
    '**/.env.*',
    '!**/.env.example',
    '!**/.env.sample',
    '!**/.env.template',
    '!**/.env.dist',
    '**/*.pem',
    '**/*.key',
    '**/id_rsa*',
    '**/credentials.json',
    '**/secrets.*',
    // Key stores (a private key and its certificate), OAuth client secrets and service-account keys,
    // database password files, htpasswd hashes, GnuPG's private keys.
    '**/*.p12',
    '**/*.pfx',
    '**/*.jks',
    '**/*.keystore',
    '**/client_secret*.json',
    '**/service[-_]account*.json',
    '**/.pgpass',
    '**/.my.cnf',
    '**/.htpasswd',
    '**/.gnupg/secring.gpg',
    '**/.gnupg/private-keys-v1.d/**',
    // A public key in PEM form is not a secret.
    '!**/*.pub.pem',
    '!**/*public.pem',
  ],
  ssh: ['~/.ssh/**'],
  cloud: ['~/.aws/**', '~/.config/gcloud/**', '~/.azure/**', '~/.kube/config', '~/.docker/config.json', '~/.boto', '~/.s3cfg'],
  tokens: ['**/.npmrc', '**/.netrc', '**/.pypirc', '**/.git-credentials', '~/.config/gh/hosts.yml', '~/.vault-token'],
  // The user's private stores that the OS or a browser keeps: messages, mail, browsing history,
  // cookies and saved logins, keychains.
  private: [
    '~/Library/Messages/**',
    '~/Library/Mail/**',
    '~/Library/Safari/**',
    '~/Library/Cookies/**',
    '~/Library/Keychains/**',
    '~/Library/Application Support/Google/Chrome/**/{Cookies,Login Data,History}',
    '~/.config/google-chrome/**/{Cookies,Login Data,History}',
    '~/.config/chromium/**/{Cookies,Login Data,History}',
    '~/.mozilla/firefox/**/{cookies.sqlite,logins.json,key4.db,places.sqlite}',
  ],
  guard: [
    '**/.hookwire.json',
    '~/.config/hookwire/**',
    '**/.claude/settings*.json',
    '**/.gemini/settings.json',
    '**/.codex/config.toml',
    '**/.codex/hooks.json',
    '**/.cursor/hooks.json',
    '**/.github/hooks/**',
    '**/.opencode/plugin*/**',
    '**/.git/hooks/**',
    '**/.git/config',
  ],
  system: [
    '/etc/**',
    '/private/etc/**',
    '/usr/**',
    '/bin/**',
    '/sbin/**',
    '/boot/**',
    '/lib*/**',
    '/var/**',
    '/sys/**',
    '/proc/**',
    '/dev/**',
    '!/dev/null',
    '!/dev/stdout',
    '!/dev/stderr',
    '!/dev/tty',
  ],
};

interface CompiledClass {
  name: string;
  isMatch: (path: string) => boolean;
  /** The literal directories the class's globs start from (`/etc`, `/home/u/.ssh`): deleting an ancestor deletes them. */
  bases: string[];
}

/** Classifies absolute paths; built once per home and set of extra globs. */
export type PathClassifier = (path: string, recursive: boolean) => string[];

/**
 * A class glob as an absolute pattern: `~` is the home (any depth when the home is unknown), an
 * absolute glob or one starting with `**` stays, any other relative glob matches at any depth
 * (`config/prod.key` matches `/any/depth/config/prod.key`), as a user's extra globs are written.
 */
function expandHome(glob: string, home: string): string {
  if (glob === '~' || glob.startsWith('~/')) return home === '' ? `**${glob.slice(1)}` : home.replace(/\/$/, '') + glob.slice(1);
  return glob.startsWith('/') || glob.startsWith('**') ? glob : `**/${glob}`;
}

function compileClass(name: string, globs: readonly string[], home: string): CompiledClass {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const glob of globs) {
    if (glob.startsWith('!')) exclude.push(expandHome(glob.slice(1), home));
    else include.push(expandHome(glob, home));
  }
  const included = compileGlobs(include);
  const excluded = compileGlobs(exclude);
  const isMatch = (path: string) => included(path) && !excluded(path);
  const bases = include.map(readGlobBase).filter((base) => base.startsWith('/') && base.length > 1);
  return { name, isMatch, bases };
}

/**
 * A classifier for the default classes plus `extra` globs per class. A path is in a class when one of
 * the class's globs matches it, or, for a recursive operation (a delete or a write of a directory
 * tree), when it is an ancestor of where a glob starts: `rm -rf ~` reaches `~/.ssh`.
 */
export function compilePathClasses(home: string, extra: Readonly<Record<string, readonly string[]>> = {}): PathClassifier {
  const key = JSON.stringify([home, Object.entries(extra)]);
  const cached = classifiers.get(key);
  if (cached !== undefined) return cached;
  const classifier = createClassifier(home, extra);
  if (classifiers.size >= MAX_CACHED_CLASSIFIERS) classifiers.clear();
  classifiers.set(key, classifier);
  return classifier;
}

/** Compiled classifiers by home and extra globs: a process answering many calls compiles the globs once. */
const classifiers = new Map<string, PathClassifier>();
const MAX_CACHED_CLASSIFIERS = 16;

function createClassifier(home: string, extra: Readonly<Record<string, readonly string[]>>): PathClassifier {
  const names = [...new Set([...Object.keys(DEFAULT_PATH_CLASSES), ...Object.keys(extra)])];
  let compiled: CompiledClass[] | undefined;
  return (path, recursive) => {
    compiled ??= names.map((name) => compileClass(name, [...readOwn(DEFAULT_PATH_CLASSES, name), ...readOwn(extra, name)], home));
    const prefix = path === '/' ? '/' : `${path}/`;
    return compiled
      .filter((entry) => entry.isMatch(path) || (recursive && entry.bases.some((base) => base.startsWith(prefix))))
      .map((entry) => entry.name);
  };
}

function readOwn(table: Readonly<Record<string, readonly string[]>>, name: string): readonly string[] {
  return Object.hasOwn(table, name) ? (table[name] ?? []) : [];
}
