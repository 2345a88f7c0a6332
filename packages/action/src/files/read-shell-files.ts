import path from 'node:path';
import type { FileOp, SimpleCommand } from '../types.js';
import { findOptionValue, hasFlag, listOperands } from './list-operands.js';

/** A file a command touches, before classification; `path` is as written (relative or absolute). */
export interface TouchedFile {
  path: string;
  op: FileOp;
  source: string;
  /** The operation reaches everything below the path (rm -r, chmod -R, find -delete, git clean). */
  recursive: boolean;
  /** Directory the path is relative to, when the command changed it (git -C, cd). */
  base?: string;
}

type Reader = (args: readonly string[], program: string) => Omit<TouchedFile, 'source'>[];

const each = (paths: readonly string[], op: FileOp, recursive = false): Omit<TouchedFile, 'source'>[] => paths.map((p) => ({ path: p, op, recursive }));

/** A remote operand (`host:path`, `user@host:path`, `rsync://...`) names no local file. */
function isRemote(operand: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(operand) || /^[^/:]+:/.test(operand);
}

function readCopy(args: readonly string[], spec: Parameters<typeof listOperands>[1], dstOp: FileOp, srcOp: FileOp, remoteAware = false): Omit<TouchedFile, 'source'>[] {
  const operands = listOperands(args, spec);
  // cp, mv and install take `-t DIR`; for rsync and scp `-t` is something else.
  const target = remoteAware ? undefined : findOptionValue(args, 't', 'target-directory');
  const recursive = hasFlag(args, 'rRa', 'recursive');
  let files: Omit<TouchedFile, 'source'>[];
  if (target !== undefined) files = [...each(operands, srcOp, recursive), { path: target, op: dstOp, recursive }];
  else if (operands.length < 2) files = [];
  else files = [...each(operands.slice(0, -1), srcOp, recursive), { path: operands.at(-1)!, op: dstOp, recursive }];
  return remoteAware ? files.filter((file) => !isRemote(file.path)) : files;
}

const readAll: Reader = (args) => each(listOperands(args), 'read');

const MODE = /^([ugoa]*[-+=][rwxXst]*)(,[ugoa]*[-+=][rwxXst]*)*$|^[0-7]{1,4}$/;

function readModeChange(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  const recursive = hasFlag(args, 'R', 'recursive');
  const reference = args.some((arg) => arg.startsWith('--reference'));
  const candidates = args.filter((arg) => MODE.test(arg) || !arg.startsWith('-') || arg === '-');
  const operands = reference ? candidates : candidates.slice(1);
  return each(operands.filter((operand) => !operand.startsWith('-')), 'write', recursive);
}

function readOwnerChange(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  const operands = listOperands(args);
  const reference = args.some((arg) => arg.startsWith('--reference'));
  return each(reference ? operands : operands.slice(1), 'write', hasFlag(args, 'R', 'recursive'));
}

function readSed(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  const inPlace = args.some((arg) => arg === '--in-place' || arg.startsWith('--in-place=') || /^-[a-zA-Z]*i/.test(arg) && !arg.startsWith('--'));
  const operands = listOperands(args, { shortWithValue: 'efl', longWithValue: ['expression', 'file', 'line-length'] });
  const scripted = args.some((arg) => arg === '-e' || arg === '-f' || arg.startsWith('--expression') || arg.startsWith('--file') || /^-[a-zA-Z]*[ef]$/.test(arg));
  return each(scripted ? operands : operands.slice(1), inPlace ? 'write' : 'read');
}

function readPerl(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  const inPlace = args.some((arg) => /^-[a-zA-Z]*i/.test(arg));
  const operands: string[] = [];
  let code = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (/^-[a-zA-Z]*[eE]$/.test(arg)) {
      code = true;
      index += 1;
    } else if (!arg.startsWith('-')) {
      operands.push(arg);
    }
  }
  // Without -e the first operand is the script, read.
  if (!code) return operands.length === 0 ? [] : [{ path: operands[0]!, op: 'read', recursive: false }, ...each(operands.slice(1), inPlace ? 'write' : 'read')];
  return each(operands, inPlace ? 'write' : 'read');
}

function readGrep(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  const operands = listOperands(args, { shortWithValue: 'efmABCdDg', longWithValue: ['regexp', 'file', 'max-count', 'after-context', 'before-context', 'context', 'glob', 'type'] });
  const patternGiven = findOptionValue(args, 'e', 'regexp') !== undefined;
  const patternFile = findOptionValue(args, 'f', 'file');
  const files = patternGiven || patternFile !== undefined ? operands : operands.slice(1);
  return [...each(files, 'read', hasFlag(args, 'rR', 'recursive')), ...(patternFile === undefined ? [] : each([patternFile], 'read'))];
}

function readFind(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  const roots: string[] = [];
  for (const arg of args) {
    if (arg.startsWith('-') || arg === '(' || arg === '!') break;
    roots.push(arg);
  }
  const found = roots.length === 0 ? ['.'] : roots;
  return each(found, args.includes('-delete') ? 'delete' : 'read', true);
}

function readDd(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  const files: Omit<TouchedFile, 'source'>[] = [];
  for (const arg of args) {
    if (arg.startsWith('if=')) files.push({ path: arg.slice(3), op: 'read', recursive: false });
    if (arg.startsWith('of=')) files.push({ path: arg.slice(3), op: 'write', recursive: false });
  }
  return files;
}

const GIT_GLOBAL = { shortWithValue: 'Cc', longWithValue: ['git-dir', 'work-tree', 'namespace', 'exec-path', 'config-env'] };

function readGit(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  let index = 0;
  let base: string | undefined;
  while (index < args.length && args[index]!.startsWith('-')) {
    const arg = args[index]!;
    if (arg === '-C') base = base === undefined ? args[index + 1] : path.posix.join(base, args[index + 1] ?? '');
    index += arg.startsWith('--') ? (!arg.includes('=') && GIT_GLOBAL.longWithValue.includes(arg.slice(2)) ? 2 : 1) : GIT_GLOBAL.shortWithValue.includes(arg.slice(1)) ? 2 : 1;
  }
  const sub = args[index];
  const rest = args.slice(index + 1);
  const withBase = (files: Omit<TouchedFile, 'source'>[]) => files.map((file) => (base === undefined ? file : { ...file, base }));
  if (sub === 'rm') return withBase(each(listOperands(rest), 'delete', hasFlag(rest, 'r')));
  if (sub === 'clean' && hasFlag(rest, 'f', 'force')) {
    const operands = listOperands(rest, { shortWithValue: 'eX', longWithValue: ['exclude'] });
    return withBase(each(operands.length === 0 ? ['.'] : operands, 'delete', true));
  }
  return [];
}

/** `curl -d @file`, `-F x=@file`, `-T file` send a file (read); `-o file` writes one. */
function readCurl(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  const files: Omit<TouchedFile, 'source'>[] = [];
  const sends = new Set(['-d', '--data', '--data-binary', '--data-urlencode', '--data-ascii', '--json', '-F', '--form']);
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    const value = args[index + 1];
    if (value === undefined) break;
    if (sends.has(arg)) {
      const at = value.indexOf('@');
      if (at !== -1 && (at === 0 || value[at - 1] === '=')) files.push({ path: value.slice(at + 1).replace(/;.*$/, ''), op: 'read', recursive: false });
    } else if (arg === '-T' || arg === '--upload-file' || arg === '-K' || arg === '--config') {
      files.push({ path: value, op: 'read', recursive: false });
    } else if (arg === '-o' || arg === '--output') {
      files.push({ path: value, op: 'write', recursive: false });
    }
  }
  return files;
}

function readWget(args: readonly string[]): Omit<TouchedFile, 'source'>[] {
  const files: Omit<TouchedFile, 'source'>[] = [];
  const output = findOptionValue(args, 'O', 'output-document');
  if (output !== undefined && output !== '-') files.push({ path: output, op: 'write', recursive: false });
  const posted = findOptionValue(args, undefined, 'post-file') ?? findOptionValue(args, undefined, 'body-file');
  if (posted !== undefined) files.push({ path: posted, op: 'read', recursive: false });
  const list = findOptionValue(args, 'i', 'input-file');
  if (list !== undefined) files.push({ path: list, op: 'read', recursive: false });
  return files;
}

const READERS: Readonly<Record<string, Reader>> = {
  curl: readCurl,
  wget: readWget,
  rm: (args) => each(listOperands(args), 'delete', hasFlag(args, 'rR', 'recursive')),
  rmdir: (args) => each(listOperands(args), 'delete'),
  unlink: (args) => each(listOperands(args), 'delete'),
  shred: (args) => each(listOperands(args, { shortWithValue: 'ns', longWithValue: ['iterations', 'size', 'random-source'] }), 'delete'),
  mv: (args) => readCopy(args, { shortWithValue: 'tS', longWithValue: ['target-directory', 'suffix'] }, 'write', 'delete'),
  cp: (args) => readCopy(args, { shortWithValue: 'tS', longWithValue: ['target-directory', 'suffix'] }, 'write', 'read'),
  install: (args) =>
    hasFlag(args, 'd', 'directory')
      ? each(listOperands(args, { shortWithValue: 'mogtSC' }), 'write')
      : readCopy(args, { shortWithValue: 'mogtS', longWithValue: ['mode', 'owner', 'group', 'target-directory', 'suffix'] }, 'write', 'read'),
  rsync: (args) => readCopy(args, { shortWithValue: 'eTfB', longWithValue: ['exclude', 'include', 'rsh', 'filter', 'files-from', 'exclude-from', 'include-from', 'temp-dir', 'partial-dir', 'backup-dir', 'log-file', 'password-file', 'chmod', 'chown', 'rsync-path'] }, 'write', 'read', true),
  scp: (args) => readCopy(args, { shortWithValue: 'cFiJloPSDX' }, 'write', 'read', true),
  dd: readDd,
  tee: (args) => each(listOperands(args), 'write'),
  sed: readSed,
  perl: readPerl,
  truncate: (args) => each(listOperands(args, { shortWithValue: 'sr', longWithValue: ['size', 'reference'] }), 'write'),
  chmod: readModeChange,
  chown: readOwnerChange,
  chgrp: readOwnerChange,
  touch: (args) => each(listOperands(args, { shortWithValue: 'dtr', longWithValue: ['date', 'reference'] }), 'write'),
  mkdir: (args) => each(listOperands(args, { shortWithValue: 'm', longWithValue: ['mode'] }), 'write'),
  ln: (args) => {
    const operands = listOperands(args, { shortWithValue: 'St', longWithValue: ['suffix', 'target-directory'] });
    return operands.length >= 2 ? [{ path: operands.at(-1)!, op: 'write', recursive: false }] : [];
  },
  cat: readAll,
  tac: readAll,
  less: readAll,
  more: readAll,
  head: (args) => each(listOperands(args, { shortWithValue: 'nc', longWithValue: ['lines', 'bytes'] }), 'read'),
  tail: (args) => each(listOperands(args, { shortWithValue: 'ncs', longWithValue: ['lines', 'bytes', 'sleep-interval', 'pid'] }), 'read'),
  grep: readGrep,
  egrep: readGrep,
  fgrep: readGrep,
  rg: readGrep,
  base64: (args) => each(listOperands(args, { shortWithValue: 'w', longWithValue: ['wrap'] }), 'read'),
  base32: (args) => each(listOperands(args, { shortWithValue: 'w', longWithValue: ['wrap'] }), 'read'),
  xxd: (args) => each(listOperands(args, { shortWithValue: 'lcsgoC', longWithValue: [] }).slice(0, 1), 'read'),
  od: readAll,
  hexdump: readAll,
  strings: (args) => each(listOperands(args, { shortWithValue: 'ntTe' }), 'read'),
  source: (args) => each(listOperands(args).slice(0, 1), 'read'),
  '.': (args) => each(args.slice(0, 1), 'read'),
  wc: readAll,
  nl: readAll,
  sort: (args) => {
    const output = findOptionValue(args, 'o', 'output');
    const reads = each(listOperands(args, { shortWithValue: 'oSTtk', longWithValue: ['output', 'buffer-size', 'temporary-directory', 'field-separator', 'key'] }), 'read');
    return output === undefined ? reads : [...reads, { path: output, op: 'write', recursive: false }];
  },
  uniq: readAll,
  diff: readAll,
  cmp: readAll,
  md5sum: readAll,
  sha1sum: readAll,
  sha256sum: readAll,
  shasum: readAll,
  file: readAll,
  stat: (args) => each(listOperands(args, { shortWithValue: 'c', longWithValue: ['format', 'printf'] }), 'read'),
  find: readFind,
  git: readGit,
};

const WRITE_REDIRECT = new Set(['>', '>>', '>|', '&>', '&>>', '<>', '>&']);

/** The files the commands of a shell model touch: their operands as each program reads them, and their redirections. */
export function readShellFiles(commands: readonly SimpleCommand[]): TouchedFile[] {
  const touched: TouchedFile[] = [];
  let base: string | undefined;
  for (const command of commands) {
    if ((command.program === 'cd' || command.program === 'pushd') && !command.dynamic) {
      const target = listOperands(command.args)[0];
      if (target !== undefined && target !== '-') base = base === undefined || target.startsWith('/') ? target : path.posix.join(base, target);
      continue;
    }
    const reader = Object.hasOwn(READERS, command.program) ? READERS[command.program] : undefined;
    for (const file of reader?.(command.args, command.program) ?? []) {
      const fileBase = file.base === undefined ? base : base === undefined || file.base.startsWith('/') ? file.base : path.posix.join(base, file.base);
      touched.push({ ...file, source: `shell:${command.program}`, ...(fileBase === undefined ? {} : { base: fileBase }) });
    }
    for (const redirect of command.redirects) {
      const op = redirect.op.replace(/^\d+/, '');
      if (op === '<<' || op === '<<-' || op === '<<<') continue;
      if ((op === '>&' || op === '<&') && /^(\d+-?|-)$/.test(redirect.target)) continue;
      const fileOp: FileOp | undefined = WRITE_REDIRECT.has(op) ? 'write' : op === '<' ? 'read' : undefined;
      if (fileOp !== undefined) touched.push({ path: redirect.target, op: fileOp, source: 'shell:redirect', recursive: false, ...(base === undefined ? {} : { base }) });
    }
  }
  return touched;
}
