import { join } from 'node:path';
import { fixture, quote, readPids, startSidecar, tempDir, writeConfig, type ProcRef, type Sidecar } from './harness.js';

/** Process trees that fork deep, ignore SIGTERM or leave the hook's process group; each writes its pids. */
export interface Tree {
  /** The subject (tool name) that selects the tree's hook. */
  subject: string;
  /** How many pids the tree writes once it is fully started. */
  pids: number;
  hook(pidFile: string): Record<string, unknown>;
}

export const command = (script: string, ...args: string[]) => `sh ${fixture(script)} ${args.map(quote).join(' ')}`;

/** Hooks whose process trees fork four levels deep, ignore SIGTERM, or leave the hook's process group. */
export const TREES: Tree[] = [
  { subject: 'DeepTree', pids: 8, hook: (file) => ({ type: 'command', command: command('fork-deep.sh', file, '4') }) },
  { subject: 'IgnoreTerm', pids: 4, hook: (file) => ({ type: 'command', command: command('ignore-term.sh', file) }) },
  { subject: 'NewGroup', pids: 4, hook: (file) => ({ type: 'command', command: command('new-group.sh', file) }) },
  { subject: 'AgentTree', pids: 6, hook: () => ({ type: 'agent', prompt: 'judge' }) },
];

export interface Started {
  dir: string;
  config: string;
  pidFile(subject: string): string;
}

export async function writeTrees(timeout: number | undefined): Promise<Started> {
  const dir = await tempDir();
  const pidFile = (subject: string) => join(dir, `${subject}.pids`);
  const config = await writeConfig(dir, {
    proxy: { command: command('fork-deep.sh', pidFile('AgentTree'), '3') },
    hooks: TREES.map((tree) => ({
      id: tree.subject,
      event: 'PreToolUse',
      matcher: tree.subject,
      ...(timeout === undefined ? {} : { timeout }),
      ...tree.hook(pidFile(tree.subject)),
    })),
  });
  return { dir, config, pidFile };
}

export const dispatchOf = (subject: string) => ({ op: 'dispatch', id: subject, event: 'PreToolUse', payload: { tool_name: subject, tool_input: {} } });

/** Starts one dispatch per tree and waits until every tree has written all its pids. */
export async function startTrees(timeout?: number): Promise<{ sidecar: Sidecar; started: Started; refs: Map<string, ProcRef[]> }> {
  const started = await writeTrees(timeout);
  const sidecar = startSidecar(started.config);
  for (const tree of TREES) sidecar.send(dispatchOf(tree.subject));
  const refs = new Map<string, ProcRef[]>();
  for (const tree of TREES) refs.set(tree.subject, await readPids(started.pidFile(tree.subject), tree.pids));
  return { sidecar, started, refs };
}

export function allOf(refs: Map<string, ProcRef[]>): ProcRef[] {
  return [...refs.values()].flat();
}

