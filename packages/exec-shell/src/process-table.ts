import { execFile } from 'node:child_process';
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';

/** One row of the process table, as far as killing a tree needs it. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
  /** A zombie has exited and waits for its parent to reap it: nothing left to kill. */
  zombie: boolean;
  /** Start time in clock ticks since boot (Linux); tells a process from a later one that reused its pid. */
  startTime?: string;
}

const PROC = '/proc';

let procReadable: boolean | undefined;

/** Reads every process of the machine: from `/proc` on Linux, else from `ps -A`; undefined when neither works. */
export async function readProcessTable(): Promise<ProcessEntry[] | undefined> {
  if (process.platform === 'linux' && canReadProc()) return readProcTable();
  return readPsTable();
}

/** Whether the process is still running (not gone, not a zombie, not a later process reusing its pid). */
export async function isProcessAlive(entry: ProcessEntry): Promise<boolean> {
  if (process.platform === 'linux' && canReadProc()) {
    const current = readProcessEntry(entry.pid);
    return current !== undefined && !current.zombie && isSameProcess(entry, current);
  }
  try {
    process.kill(entry.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The fields a kill needs sit in the first few hundred bytes of `/proc/<pid>/stat`. */
const STAT_BYTES = 1024;

const statBuffer = Buffer.allocUnsafe(STAT_BYTES);

/**
 * Reads one process from `/proc` (Linux only); undefined when it is gone. One small read, not
 * `readFile`: a tree kill polls these files, and readFile's buffers churned the heap when many
 * hooks were killed at once. Synchronous on purpose: a read of `/proc` is served from the
 * kernel's memory in microseconds, and the libuv threadpool that asynchronous reads go through
 * can be held by others (slow DNS lookups of webhook hosts, a FIFO being opened), which must never
 * delay a kill.
 */
export function readProcessEntry(pid: number): ProcessEntry | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(`${PROC}/${pid}/stat`, 'r');
    const bytesRead = readSync(fd, statBuffer, 0, STAT_BYTES, 0);
    return parseStat(statBuffer.toString('latin1', 0, bytesRead));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The processes a kill of `rootPid` must reach: the members of the process group `rootPid` leads,
 * every descendant of the root and of `knownPids` by parent pid (including those that left the
 * group), and the known pids that are still the same processes. Zombies are left out.
 */
export function selectTree(table: readonly ProcessEntry[], rootPid: number, known: readonly ProcessEntry[] = []): ProcessEntry[] {
  const byPid = new Map<number, ProcessEntry>();
  for (const entry of table) byPid.set(entry.pid, entry);
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid);
    if (siblings === undefined) children.set(entry.ppid, [entry]);
    else siblings.push(entry);
  }
  const selected = new Map<number, ProcessEntry>();
  const queue: ProcessEntry[] = [];
  const add = (entry: ProcessEntry | undefined): void => {
    if (entry === undefined || selected.has(entry.pid)) return;
    selected.set(entry.pid, entry);
    queue.push(entry);
  };
  add(byPid.get(rootPid));
  for (const entry of table) if (entry.pgid === rootPid) add(entry);
  for (const previous of known) {
    const current = byPid.get(previous.pid);
    if (current !== undefined && isSameProcess(previous, current)) add(current);
  }
  for (let index = 0; index < queue.length; index += 1) {
    for (const child of children.get(queue[index]!.pid) ?? []) add(child);
  }
  return [...selected.values()].filter((entry) => !entry.zombie);
}

/** Whether two entries with the same pid describe the same process (start times agree where known). */
export function isSameProcess(a: ProcessEntry, b: ProcessEntry): boolean {
  return a.pid === b.pid && (a.startTime === undefined || b.startTime === undefined || a.startTime === b.startTime);
}

/** Parses `/proc/<pid>/stat`: `pid (comm) state ppid pgrp ... starttime(22) ...`; comm may hold spaces and parentheses. */
export function parseStat(text: string): ProcessEntry | undefined {
  const open = text.indexOf(' (');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const fields = text.slice(close + 2).split(' ');
  const pid = Number(text.slice(0, open));
  const ppid = Number(fields[1]);
  const pgid = Number(fields[2]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isInteger(pgid)) return undefined;
  const entry: ProcessEntry = { pid, ppid, pgid, zombie: fields[0] === 'Z' || fields[0] === 'X' };
  if (fields[19] !== undefined) entry.startTime = fields[19];
  return entry;
}

/** Parses `ps -A -o pid=,ppid=,pgid=,stat=` output. */
export function parsePs(text: string): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const line of text.split('\n')) {
    const [pid, ppid, pgid, stat] = line.trim().split(/\s+/);
    if (pid === undefined || ppid === undefined || pgid === undefined) continue;
    const entry = { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), zombie: stat?.startsWith('Z') === true };
    if (Number.isInteger(entry.pid) && Number.isInteger(entry.ppid) && Number.isInteger(entry.pgid)) entries.push(entry);
  }
  return entries;
}

function canReadProc(): boolean {
  if (procReadable === undefined) procReadable = readProcessEntry(process.pid) !== undefined;
  return procReadable;
}

function readProcTable(): ProcessEntry[] | undefined {
  let names: string[];
  try {
    names = readdirSync(PROC);
  } catch {
    return undefined;
  }
  const entries: ProcessEntry[] = [];
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const entry = readProcessEntry(Number(name));
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

function readPsTable(): Promise<ProcessEntry[] | undefined> {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], { windowsHide: true }, (error, stdout) => {
      resolve(error === null ? parsePs(stdout) : undefined);
    });
  });
}
