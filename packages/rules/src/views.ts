import type { Action, FileAccess, SimpleCommand, UrlAccess } from '@hookwire/action';
import { readStringLiterals } from './code-strings.js';
import { expandCommands } from './expand-commands.js';
import { type PathClassifier, selectPathClassifier } from './classify-path.js';
import { resolvePath } from './functions/paths.js';

/** What building the views needs besides the action. */
export interface ViewContext {
  home: string;
  cwd: string;
  project: string;
  extraClasses: Record<string, string[]>;
  classify: PathClassifier;
}

const KEY_USERS = new Set(['ssh', 'ssh-add', 'ssh-keygen', 'ssh-copy-id']);

/** Bounds on what a rule can iterate over, so no payload makes a macro run long. */
export const VIEW_BOUNDS = {
  commands: 1000,
  args: 256,
  files: 1000,
  urls: 500,
  /** Characters of prompt, output and code a rule sees (from the start). */
  text: 262_144,
} as const;

/** Long options of git subcommands that take their value as the next word. */
const GIT_SUB_WITH_VALUE = new Set(['--conflict', '--orphan', '--pathspec-from-file', '--push-option', '--repo', '--receive-pack', '--exec', '--message', '--file', '--author', '--date', '--template', '--reuse-message', '--reedit-message', '--fixup', '--squash', '--cleanup']);
const GIT_GLOBAL_WITH_VALUE = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix', '--list-cmds']);

export class RedirectView {
  constructor(readonly op: string, readonly target: string) {}
}

export class CodeView {
  /** The code's string literals, escapes decoded (bounded). */
  readonly strings: string[];

  constructor(readonly interpreter: string, readonly source: string) {
    this.strings = source === '' ? [] : readStringLiterals(source);
  }
}

/** One shell command as rules see it: `c.program`, `c.args`, `c.sub`, `c.words`, ... */
export class CommandView {
  readonly program: string;
  readonly args: string[];
  /** Arguments that are not flags (for git: after git's own options), e.g. ['push', 'origin', 'main']. */
  readonly words: string[];
  /** The first word: git's or npm's subcommand, '' if none. */
  readonly sub: string;
  readonly text: string;
  readonly via: string[];
  readonly dynamic: boolean;
  readonly assignments: Map<string, string>;
  readonly redirects: RedirectView[];
  readonly code: CodeView;
  /** Arguments that name a path (also after '@' or '='), absolute, with their sensitive-path classes. */
  readonly paths: FileView[];
  readonly source: SimpleCommand;

  constructor(command: SimpleCommand, context: ViewContext) {
    this.source = command;
    this.program = command.program;
    this.args = command.args.slice(0, VIEW_BOUNDS.args).map(capText);
    this.words = selectWords(command.program, this.args);
    this.sub = this.words[0] ?? '';
    this.text = command.text;
    this.via = [...command.via];
    this.dynamic = command.dynamic;
    this.assignments = new Map(Object.entries(command.assignments ?? {}));
    this.redirects = (command.redirects ?? []).map((r) => new RedirectView(r.op, r.target));
    this.code = new CodeView(command.code?.interpreter ?? '', capText(command.code?.source ?? ''));
    this.paths = KEY_USERS.has(this.program) ? [] : readArgumentPaths(this.args, context);
  }
}

export class FileView {
  readonly path: string;
  readonly name: string;
  readonly op: string;
  readonly inProject: boolean;
  readonly classes: string[];
  readonly source: string;

  constructor(file: Pick<FileAccess, 'path' | 'inProject' | 'classes' | 'source'> & { op: string }) {
    this.path = file.path;
    this.name = file.path.slice(file.path.lastIndexOf('/') + 1);
    this.op = file.op;
    this.inProject = file.inProject;
    this.classes = [...file.classes];
    this.source = file.source;
  }
}

export class UrlView {
  constructor(readonly url: string, readonly host: string, readonly source: string) {}
}

export class ShellView {
  constructor(
    readonly line: string,
    readonly unparsed: boolean,
    readonly unparsedReason: string,
    readonly commands: CommandView[],
  ) {}
}

/** The whole action as rules see it; its fields are also top-level names. */
export class ActionView {
  readonly tool: string;
  readonly input: Map<string, unknown>;
  readonly shell: ShellView;
  readonly files: FileView[];
  readonly urls: UrlView[];
  readonly prompt: string;
  readonly output: string;
  readonly cwd: string;
  readonly project: string;

  constructor(action: Action, home: string, extraClasses: Record<string, string[]> = {}) {
    const context: ViewContext = {
      home, cwd: action.cwd ?? '', project: action.project ?? '', extraClasses, classify: selectPathClassifier(home, extraClasses),
    };
    this.tool = action.tool?.name ?? '';
    this.input = new Map(Object.entries(action.tool?.input ?? {}).map(([k, v]) => [k, toCelValue(v, 0)]));
    const expanded = action.shell === undefined ? undefined : expandCommands(action.shell, { ...context, pathClasses: extraClasses }, VIEW_BOUNDS.commands);
    this.shell = createShellView(action, context, expanded?.commands ?? []);
    this.files = [...(action.files ?? []), ...(expanded?.files ?? [])].slice(0, VIEW_BOUNDS.files).map((f) => new FileView(f));
    this.urls = (action.urls ?? []).slice(0, VIEW_BOUNDS.urls).map((u: UrlAccess) => new UrlView(u.url, u.host, u.source));
    this.prompt = capText(action.prompt ?? '');
    this.output = capText(action.output ?? '');
    this.cwd = action.cwd ?? '';
    this.project = action.project ?? '';
  }
}

function createShellView(action: Action, context: ViewContext, expanded: SimpleCommand[]): ShellView {
  const shell = action.shell;
  if (shell === undefined) return new ShellView('', false, '', []);
  const over = shell.commands.length > VIEW_BOUNDS.commands || shell.commands.some((c) => c.args.length > VIEW_BOUNDS.args);
  const commands = expanded.map((c) => new CommandView(c, context));
  const reason = shell.unparsedReason ?? (over ? 'more commands or arguments than rules read' : '');
  return new ShellView(shell.line, shell.unparsed || over, reason, commands);
}

function selectWords(program: string, args: readonly string[]): string[] {
  const words: string[] = [];
  const aliases = new Map<string, string[]>();
  let i = 0;
  if (program === 'git') {
    while (i < args.length && args[i]!.startsWith('-') && args[i] !== '--') {
      const setting = args[i] === '-c' ? args[i + 1] : args[i]!.startsWith('-c') ? args[i]!.slice(2) : undefined;
      const alias = setting === undefined ? null : /^alias\.([^=]+)=([^!].*)$/i.exec(setting);
      if (alias !== null) aliases.set(alias[1]!, alias[2]!.trim().split(/\s+/));
      i += GIT_GLOBAL_WITH_VALUE.has(args[i]!) ? 2 : 1;
    }
    if (args[i] === '--') i++;
  }
  let afterDashes = false;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (!afterDashes && arg === '--') {
      afterDashes = true;
      continue;
    }
    if (afterDashes || !arg.startsWith('-') || arg === '-') words.push(arg);
    else if (program === 'git' && words.length > 0 && GIT_SUB_WITH_VALUE.has(arg)) i++;
  }
  const expansion = aliases.get(words[0] ?? '');
  return expansion === undefined ? words : [...expansion, ...words.slice(1)];
}

function readArgumentPaths(args: readonly string[], context: ViewContext): FileView[] {
  const out: FileView[] = [];
  for (let i = 0; i < args.length && out.length < 32; i++) {
    if (args[i - 1] === '-i') continue;
    for (const candidate of readPathCandidates(args[i]!)) {
      const path = resolvePath(candidate, context.cwd || '/');
      const classes = context.classify(path);
      if (classes.length > 0) out.push(new FileView({ path, op: 'arg', inProject: false, classes, source: 'arg' }));
    }
  }
  return out;
}

function readPathCandidates(arg: string): string[] {
  if (arg === '' || arg.length > 4096 || arg.includes('://') || arg.startsWith('-') && !arg.includes('=')) return [];
  const out = [arg];
  const at = arg.lastIndexOf('@');
  if (at >= 0 && at < arg.length - 1) out.push(arg.slice(at + 1));
  const eq = arg.indexOf('=');
  if (eq >= 0 && eq < arg.length - 1) out.push(arg.slice(eq + 1));
  const colon = arg.indexOf(':');
  if (colon > 0 && !arg.slice(0, colon).includes('/')) return out.filter((c) => c !== arg);
  return out;
}

function capText(text: string): string {
  return text.length > VIEW_BOUNDS.text ? text.slice(0, VIEW_BOUNDS.text) : text;
}

/** Tool input values as CEL reads them: strings, numbers, bools, lists and maps, depth-capped. */
function toCelValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return capText(value);
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (typeof value === 'boolean' || value === null) return value;
  if (depth >= 8) return null;
  if (Array.isArray(value)) return value.slice(0, VIEW_BOUNDS.args).map((v) => toCelValue(v, depth + 1));
  if (typeof value === 'object') {
    return new Map(Object.entries(value as object).slice(0, VIEW_BOUNDS.args).map(([k, v]) => [k, toCelValue(v, depth + 1)]));
  }
  return null;
}
