import { spawn } from 'node:child_process';
import type { Exit } from './clean-run.js';

/** Runs `node <entry> ...args` with `input` on stdin to its end: its exit code and output. */
export function runToEnd(entry: string, args: string[], options: { input?: string; cwd?: string | undefined; env?: NodeJS.ProcessEnv } = {}): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin.on('error', () => {});
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
