import path from 'node:path';
import { readPatchFiles } from './files/read-patch-files.js';
import { readShellFiles } from './files/read-shell-files.js';
import { parseShell } from './parse-shell.js';
import { compilePathClasses, type PathClassifier } from './path-classes.js';
import type { Action, ActionInput, ActionOptions, FileAccess, FileOp, UrlAccess } from './types.js';
import { readHost, readShellUrls } from './urls/read-shell-urls.js';

/** Canonical file tools and the input field that names their file. */
const FILE_TOOLS: Readonly<Record<string, { field: string; op: FileOp }>> = {
  Read: { field: 'file_path', op: 'read' },
  Write: { field: 'file_path', op: 'write' },
  Edit: { field: 'file_path', op: 'write' },
  MultiEdit: { field: 'file_path', op: 'write' },
  NotebookEdit: { field: 'notebook_path', op: 'write' },
  NotebookRead: { field: 'notebook_path', op: 'read' },
};

const PATCH_MARK = '*** Begin Patch';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The shell line of a Bash tool input: a string, or an argv array (older Codex shells) quoted back into one line. */
function readCommandLine(input: Record<string, unknown>): string | undefined {
  const command = input.command;
  if (typeof command === 'string') return command;
  if (Array.isArray(command) && command.every((item) => typeof item === 'string')) return command.map(quoteWord).join(' ');
  return undefined;
}

function findPatchText(input: Record<string, unknown>): string | undefined {
  for (const value of Object.values(input)) {
    if (typeof value === 'string' && value.includes(PATCH_MARK)) return value;
    if (Array.isArray(value)) {
      const found = value.find((item): item is string => typeof item === 'string' && item.includes(PATCH_MARK));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

class FileList {
  readonly files: FileAccess[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly home: string,
    private readonly cwd: string,
    private readonly project: string,
    private readonly classify: PathClassifier,
  ) {}

  add(raw: string, op: FileOp, source: string, recursive = false, base?: string): void {
    if (raw === '') return;
    const expanded = raw === '~' || raw.startsWith('~/') ? this.home + raw.slice(1) : raw;
    const from = base === undefined ? this.cwd : path.posix.resolve(this.cwd, base);
    const absolute = path.posix.resolve(from, expanded);
    const key = `${op}\0${absolute}\0${source}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const inProject = absolute === this.project || absolute.startsWith(this.project.endsWith('/') ? this.project : `${this.project}/`);
    this.files.push({ path: absolute, op, inProject, classes: this.classify(absolute, recursive || op === 'delete'), source });
  }
}

function toAbsolute(directory: string, fallback: string): string {
  return path.posix.resolve(fallback, directory === '' ? '.' : directory);
}

/**
 * One model of a tool call: the canonical tool, the shell model of a Bash command, the files it reads,
 * writes and deletes (absolute, with their sensitive-path classes) and the URLs it reaches. Takes
 * canonical (Claude Code) tool names, as the contract's dialects translate them (Codex's apply_patch
 * becomes one Edit or Write per file); a patch under any other tool name is read for its files. Never throws on odd input: fields of the wrong type are ignored.
 */
export function buildAction(input: ActionInput, options: ActionOptions): Action {
  const home = options.home;
  const project = toAbsolute(typeof input.projectDir === 'string' ? input.projectDir : '', '/');
  const cwd = toAbsolute(typeof input.cwd === 'string' ? input.cwd : '', project);
  const name = typeof input.toolName === 'string' ? input.toolName : '';
  const toolInput = isRecord(input.toolInput) ? input.toolInput : {};
  const classify = compilePathClasses(home, options.pathClasses);
  const files = new FileList(home, cwd, project, classify);
  const urls: UrlAccess[] = [];
  const action: Action = { tool: { name, input: toolInput }, files: files.files, urls, cwd, project };

  const fileTool = Object.hasOwn(FILE_TOOLS, name) ? FILE_TOOLS[name] : undefined;
  if (fileTool !== undefined) {
    const target = toolInput[fileTool.field];
    if (typeof target === 'string') files.add(target, fileTool.op, `tool:${fileTool.field}`);
  } else if (name === 'Glob' || name === 'Grep' || name === 'LS') {
    const directory = typeof toolInput.path === 'string' ? toolInput.path : cwd;
    files.add(directory, 'read', typeof toolInput.path === 'string' ? 'tool:path' : 'tool:cwd', true);
    if (name === 'Glob' && typeof toolInput.pattern === 'string') files.add(path.posix.join(directory, toolInput.pattern), 'read', 'tool:pattern');
    if (name === 'Grep' && typeof toolInput.glob === 'string') files.add(path.posix.join(directory, toolInput.glob), 'read', 'tool:glob');
  } else if (name === 'WebFetch' && typeof toolInput.url === 'string') {
    urls.push({ url: toolInput.url, host: readHost(toolInput.url), source: 'tool:url' });
  } else if (name === 'Bash') {
    const line = readCommandLine(toolInput);
    if (line !== undefined) {
      const shell = parseShell(line, { ...options.shell, home });
      action.shell = shell;
      for (const file of readShellFiles(shell.commands)) files.add(file.path, file.op, file.source, file.recursive, file.base);
      urls.push(...readShellUrls(shell.commands));
    }
  }
  // A file tool that names its file is that file's call: the runtime runs a patch of several files
  // (Codex's apply_patch, read as Edit/Write) as one call per file, each holding the whole patch,
  // which must not make every file the evidence of every call (nor a Write of a .patch file a patch).
  const named = fileTool !== undefined && typeof toolInput[fileTool.field] === 'string';
  const patch = named ? undefined : findPatchText(toolInput);
  if (patch !== undefined) for (const file of readPatchFiles(patch)) files.add(file.path, file.op, 'patch');

  if (typeof input.prompt === 'string') action.prompt = input.prompt;
  if (typeof input.output === 'string') action.output = input.output;
  if (typeof input.sessionId === 'string') action.session = input.sessionId;
  return action;
}
