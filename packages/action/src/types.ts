/** What one shell line does, as far as it can be read without running it. */
export interface ShellModel {
  /** The input line. */
  line: string;
  /** True if the line (or a line nested in it) did not parse, or passed a bound. */
  unparsed: boolean;
  /** Why: a parse error with its position, 'nesting bound', 'size bound', 'command bound', 'work bound'. */
  unparsedReason?: string;
  /** Every simple command, flattened in source order, after unwrapping. */
  commands: SimpleCommand[];
  /** Units of work spent (syntax nodes visited plus characters parsed); bounded whatever the input. */
  work: number;
}

/** One simple command after wrappers (sudo, env, bash -c, ...) are taken off. */
export interface SimpleCommand {
  /** Normalised program name ('/bin/rm', '\rm', "'rm'", 'r""m' give 'rm'); '' if dynamic. */
  program: string;
  /** Arguments after quote removal, with known assignments substituted. */
  args: string[];
  /** Source text of this command as written. */
  text: string;
  /** The wrapper chain outermost first, e.g. ['bash -c', 'sudo'] or ['find -exec']. */
  via: string[];
  /** VAR=value prefixes of this command (and of wrappers such as env). */
  assignments: Record<string, string>;
  /** Redirections with their target word ('2>&1' has op '2>&' and target '1'). */
  redirects: Redirect[];
  /** The program or an argument holds an expansion that could not be resolved. */
  dynamic: boolean;
  /** Code handed to an interpreter on its command line (python -c, node -e, ...). */
  code?: InterpreterCode;
}

export interface Redirect {
  op: string;
  target: string;
}

export interface InterpreterCode {
  interpreter: string;
  source: string;
}

export interface ShellOptions {
  /** Home directory that `~` and `$HOME` resolve to; left unresolved when absent. */
  home?: string;
  /** Levels of nested shells (bash -c, eval, $(...), ...) read before giving up; default 16. */
  maxDepth?: number;
  /** Longest line read, in UTF-16 code units; default 65536. */
  maxLength?: number;
  /** Most commands collected; default 2000. */
  maxCommands?: number;
}

export type FileOp = 'read' | 'write' | 'delete';

export interface FileAccess {
  /** Absolute, normalised (~ expanded to the home given in options). */
  path: string;
  op: FileOp;
  inProject: boolean;
  /** Sensitive-path classes it matches, [] if none. */
  classes: string[];
  /** Where it came from: 'tool:file_path', 'shell:rm', 'shell:redirect', 'patch', ... */
  source: string;
}

export interface UrlAccess {
  url: string;
  host: string;
  source: string;
}

export interface Action {
  /** Canonical (Claude Code) tool name and its input. */
  tool: { name: string; input: Record<string, unknown> };
  /** For shell tools (canonical name 'Bash'). */
  shell?: ShellModel;
  files: FileAccess[];
  urls: UrlAccess[];
  prompt?: string;
  output?: string;
  session?: string;
  cwd: string;
  project: string;
}

export interface ActionInput {
  toolName?: string;
  toolInput?: unknown;
  cwd: string;
  projectDir: string;
  prompt?: string;
  output?: string;
  sessionId?: string;
}

export interface ActionOptions {
  home: string;
  /** Extra globs per class, added to DEFAULT_PATH_CLASSES (a new class name adds a class). */
  pathClasses?: Record<string, string[]>;
  /** Passed to parseShell. */
  shell?: Omit<ShellOptions, 'home'>;
}
