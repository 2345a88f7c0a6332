import { spawn } from 'node:child_process';

export interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The variables that would point a command at a config or a project the test did not make. */
const LEAKY = ['HOOKWIRE_BRIDGE_DEPTH', 'HOOKWIRE_CONFIG', 'CLAUDE_PROJECT_DIR', 'XDG_CONFIG_HOME'];

/**
 * Runs a real program to its end with `stdin`, in an environment where no host variable, no
 * `$HOOKWIRE_CONFIG` and no user config of the machine leaks in: `userConfigHome` stands for
 * `$XDG_CONFIG_HOME`; `env` is laid over the rest.
 */
export function runClean(command: string, args: string[], options: { cwd: string; userConfigHome: string; env?: NodeJS.ProcessEnv; stdin?: string }): Promise<Exit> {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: 'false' };
  for (const name of LEAKY) delete env[name];
  const child = spawn(command, args, { cwd: options.cwd, env: { ...env, XDG_CONFIG_HOME: options.userConfigHome, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.on('error', () => {});
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
