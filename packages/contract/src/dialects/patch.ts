import path from 'node:path';
import { isRecord } from '../describe-value.js';
import type { ToolCall } from './tools.js';

/**
 * A patch tool's call as Claude Code's file tools (docs/hosts.md, "File tools"). Codex's
 * `apply_patch` and OpenCode's `apply_patch` edit, add, delete and move any number of files with one
 * patch (`*** Begin Patch` ... `*** End Patch`); a Claude Code guard matches `Edit|Write` and reads
 * `tool_input.file_path`, `content`, `old_string`, `new_string`. So a patch is read as one
 * canonical call per file it touches — `Write` for a file it adds, `Edit` for one it updates,
 * deletes or moves — each holding the whole patch (`command`, Codex's field) and every path
 * (`file_paths`); the call itself is the first file's, named `Write` when the patch only adds files,
 * else `Edit`. The runtime runs each hook once per file ({@link splitFileCalls}), so a guard that
 * reads only `file_path` sees every file.
 */

/** Where the patch text is, in the canonical input: Codex's own field. */
export const PATCH_FIELD = 'command';

/** Every path of the patch, absolute, in order. */
export const PATHS_FIELD = 'file_paths';

const BEGIN = '*** Begin Patch';
/** A patch's start, without copying a long input (every tool call's `command` is tested). */
const PATCH_START = /^\s*\*\*\* Begin Patch/;
const HEADER = /^\*\*\* (Add|Update|Delete) File: (.+)$/;
const MOVE = /^\*\*\* Move to: (.+)$/;

/** One file of a patch: what it does to it and the lines it removes and adds (context lines in both). */
export interface PatchedFile {
  change: 'add' | 'update' | 'delete';
  path: string;
  /** The target of an update that moves the file. */
  movePath?: string;
  removed: string[];
  added: string[];
}

/** Whether a value is a patch envelope's text. */
export function isPatchText(value: unknown): value is string {
  return typeof value === 'string' && PATCH_START.test(value);
}

/**
 * The files of a patch, in order; empty when the text is not a patch. Lenient, as a guard must be:
 * lines it does not know are skipped, never a reason to see fewer files.
 */
export function readPatch(text: string): PatchedFile[] {
  if (!isPatchText(text)) return [];
  const files: PatchedFile[] = [];
  let current: PatchedFile | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const header = HEADER.exec(line.trim());
    if (header !== null) {
      const [, kind, target] = header;
      current = { change: kind === 'Add' ? 'add' : kind === 'Delete' ? 'delete' : 'update', path: target!.trim(), removed: [], added: [] };
      files.push(current);
      continue;
    }
    if (current === undefined || line.startsWith('***')) {
      const move = MOVE.exec(line.trim());
      if (move !== null && current !== undefined && current.change === 'update') current.movePath = move[1]!.trim();
      continue;
    }
    if (line.startsWith('@@')) continue;
    const mark = line[0];
    const body = line.slice(1);
    if (current.change === 'add') {
      if (mark === '+') current.added.push(body);
    } else if (current.change === 'update') {
      if (mark === '+') current.added.push(body);
      else if (mark === '-') current.removed.push(body);
      else if (mark === ' ') {
        current.removed.push(body);
        current.added.push(body);
      }
    }
  }
  return files;
}

/** A path as Claude Code gives `file_path`: absolute, a relative one resolved against the payload's `cwd` (as the host resolves it); as it is without an absolute `cwd`. */
export function absolutePath(file: string, cwd: unknown): string {
  return typeof cwd === 'string' && path.posix.isAbsolute(cwd) ? path.posix.resolve(cwd, file) : file;
}

const absolute = absolutePath;

/**
 * The canonical calls of a patch, one per file (a move is two: its source and its target), paths
 * made absolute against `cwd` (as Claude Code's `file_path` is); empty when the text names no file.
 */
export function patchFileCalls(text: string, cwd: unknown): ToolCall[] {
  const files = readPatch(text);
  const paths = [...new Set(files.flatMap((file) => [file.path, ...(file.movePath === undefined ? [] : [file.movePath])]).map((file) => absolute(file, cwd)))];
  const calls: ToolCall[] = [];
  for (const file of files) {
    const shared = { [PATCH_FIELD]: text, [PATHS_FIELD]: paths };
    const filePath = absolute(file.path, cwd);
    if (file.change === 'add') {
      calls.push({ name: 'Write', input: { file_path: filePath, content: file.added.map((line) => `${line}\n`).join(''), ...shared } });
    } else if (file.change === 'delete') {
      calls.push({ name: 'Edit', input: { file_path: filePath, ...shared } });
    } else {
      const strings = { old_string: file.removed.join('\n'), new_string: file.added.join('\n') };
      if (file.movePath === undefined) {
        calls.push({ name: 'Edit', input: { file_path: filePath, ...strings, ...shared } });
      } else {
        const target = absolute(file.movePath, cwd);
        calls.push({ name: 'Edit', input: { file_path: filePath, ...strings, move_path: target, ...shared } });
        calls.push({ name: 'Edit', input: { file_path: target, ...strings, ...shared } });
      }
    }
  }
  return calls;
}

/**
 * A patch tool's call (the patch text given) as one canonical call: the first file's, named `Write`
 * when the patch only adds files, else `Edit`; undefined when the text names no file (the call then
 * keeps its own name).
 */
export function readPatchCall(text: string, cwd: unknown): ToolCall | undefined {
  const calls = patchFileCalls(text, cwd);
  if (calls.length === 0) return undefined;
  return { name: calls.every((call) => call.name === 'Write') ? 'Write' : 'Edit', input: calls[0]!.input };
}

/** A shell line that runs Codex's patch command (`apply_patch <<'EOF' ... EOF`, after an optional `cd DIR &&`), which Codex applies itself. */
const SHELL_PATCH = /^\s*(?:cd\s+(?:'([^']*)'|"([^"]*)"|(\S+))\s*&&\s*)?(?:apply_patch|applypatch)\b[^\n]*\n([\s\S]*)$/;

/** The patch and the folder its paths are relative to, of a shell line that runs `apply_patch`; undefined for any other line. */
function readShellPatch(line: string, cwd: unknown): { text: string; cwd: unknown } | undefined {
  const match = SHELL_PATCH.exec(line);
  if (match === null) return undefined;
  const body = match[4]!;
  const begin = body.indexOf(BEGIN);
  if (begin < 0) return undefined;
  const end = body.indexOf('*** End Patch', begin);
  const text = end < 0 ? body.slice(begin) : `${body.slice(begin, end)}*** End Patch\n`;
  const dir = match[1] ?? match[2] ?? match[3];
  return { text, cwd: dir === undefined ? cwd : typeof cwd === 'string' && path.posix.isAbsolute(cwd) ? path.posix.resolve(cwd, dir) : dir };
}

/**
 * The calls one canonical call stands for, when it edits files through a patch: an `Edit` or
 * `Write` read from a patch of several files (the patch in `command`) is one call per file, as
 * {@link patchFileCalls}; a `Bash` line that runs `apply_patch` (Codex applies it itself, and shows
 * hooks the shell line) is that `Bash` call and one call per file; a call still named `apply_patch`
 * is one call per file. Undefined for any other call, and for a patch call of one file (the call is
 * that file's already).
 */
export function splitFileCalls(call: ToolCall, cwd: unknown): ToolCall[] | undefined {
  if (!isRecord(call.input)) return undefined;
  const given = call.input[PATCH_FIELD];
  if (call.name === 'apply_patch') {
    // A canonical payload that kept Codex's name (an audit record from before hookwire read patches, a caller of its own).
    const text = Array.isArray(given) ? given.find(isPatchText) : given;
    const files = isPatchText(text) ? patchFileCalls(text, cwd) : [];
    return files.length === 0 ? undefined : files;
  }
  if (call.name === 'Bash' && typeof given === 'string') {
    const shell = readShellPatch(given, cwd);
    const files = shell === undefined ? [] : patchFileCalls(shell.text, shell.cwd);
    return files.length === 0 ? undefined : [call, ...files];
  }
  if ((call.name !== 'Edit' && call.name !== 'Write') || !isPatchText(given)) return undefined;
  const calls = patchFileCalls(given, cwd);
  return calls.length < 2 ? undefined : calls;
}

/** The lines of `text`, each after `mark`; a file's content (`whole`) ends with its last line's newline, which is no line of its own. */
function prefixed(mark: string, text: string, whole: boolean): string[] {
  const lines = text.split('\n');
  if (whole && lines.at(-1) === '') lines.pop();
  return lines.map((line) => `${mark}${line}`);
}

/**
 * A canonical file call as a patch, for a host whose file tool is a patch (a Claude Code `Write` or
 * `Edit` shown to a codex hook): the patch it was read from, else one written from `file_path` and
 * `content`, or `old_string` and `new_string`; undefined for an input without a `file_path`.
 */
export function writePatch(call: ToolCall): string | undefined {
  if (!isRecord(call.input)) return undefined;
  const input = call.input;
  if (isPatchText(input[PATCH_FIELD])) return input[PATCH_FIELD];
  if (typeof input.file_path !== 'string') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const body = call.name === 'Write'
    ? [`*** Add File: ${input.file_path}`, ...prefixed('+', text(input.content), true)]
    : [`*** Update File: ${input.file_path}`, '@@', ...prefixed('-', text(input.old_string), false), ...prefixed('+', text(input.new_string), false)];
  return [BEGIN, ...body, '*** End Patch', ''].join('\n');
}
