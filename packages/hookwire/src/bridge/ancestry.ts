import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** A process as its ancestry needs it: its parent, and the words of its command line. */
interface ProcessEntry {
  ppid: number;
  argv: string[];
}

/** How far up the walk goes: a real chain (bridge, hook shell, host, its shell, ...) is a dozen at most. */
const MAX_DEPTH = 64;

/** Linux: `/proc/PID/stat` (the parent is the second field after the command's parenthesised name, which may hold spaces) and `/proc/PID/cmdline`. */
function readProcEntry(pid: number): ProcessEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((word) => word !== '');
    return Number.isSafeInteger(ppid) ? { ppid, argv } : undefined;
  } catch {
    return undefined;
  }
}

/** Elsewhere (macOS, the BSDs): one `ps` for every process, its command line split on spaces (enough to find the program's words). */
function readPsTable(): Map<number, ProcessEntry> | undefined {
  try {
    const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,command='], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 2_000 });
    const table = new Map<number, ProcessEntry>();
    for (const line of out.split('\n')) {
      const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
      if (match !== null) table.set(Number(match[1]), { ppid: Number(match[2]), argv: match[3]!.split(/\s+/) });
    }
    return table;
  } catch {
    return undefined;
  }
}

/** A hookwire process: a command line whose program or script (its first two words: `node /path/hookwire.cjs`) is hookwire's bin; not a launcher naming it later (`npx hookwire run`: npx is not the bridge). */
export function isHookwireCommandLine(argv: readonly string[]): boolean {
  return argv.slice(0, 2).some((word) => /^hookwire(\.c?js)?$/.test(basename(word)) || /(^|\/)stdio-server\/lib\/(index|bin)\.js$/.test(word));
}

/**
 * Whether some process above this one is a hookwire process (a bridge, `listen`, `serve`, ...):
 * what `HOOKWIRE_BRIDGE_DEPTH` claims. The variable alone can be set from outside — a host's
 * project settings set environment variables for every hook (Claude Code's `env` key), and the
 * agent can write those — while the agent cannot make a hookwire process the parent of the host
 * it runs in. `undefined` when the processes cannot be read (then the variable is believed).
 */
export function hasHookwireAncestor(start: number = process.ppid): boolean | undefined {
  const table = process.platform === 'linux' ? undefined : readPsTable();
  const read = (pid: number) => (table === undefined ? readProcEntry(pid) : table.get(pid));
  let pid = start;
  for (let step = 0; step < MAX_DEPTH && pid > 0; step++) {
    const entry = read(pid);
    if (entry === undefined) return step === 0 ? undefined : false;
    if (isHookwireCommandLine(entry.argv)) return true;
    pid = entry.ppid;
  }
  return false;
}
