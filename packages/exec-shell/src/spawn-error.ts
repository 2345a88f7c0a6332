import { accessSync, constants, statSync } from 'node:fs';

/**
 * A precise message for a process that could not be started: which of the working directory and
 * the shell was the problem (`cwd /nope does not exist`, `shell /bin/zsh not found`).
 */
export function describeSpawnError(error: unknown, context: { shell: string; cwd: string }): string {
  const { code, message } = readError(error);
  const cwdProblem = describeCwdProblem(context.cwd, code);
  if (cwdProblem !== undefined) return cwdProblem;
  if (code === 'ENOENT') return `shell ${context.shell} not found`;
  if (code === 'EACCES') return `shell ${context.shell} is not executable`;
  return `could not start shell ${context.shell} in ${context.cwd}: ${code ?? message}`;
}

function describeCwdProblem(cwd: string, code: string | undefined): string | undefined {
  try {
    if (!statSync(cwd).isDirectory()) return `cwd ${cwd} is not a directory`;
    if (code === 'EACCES') accessSync(cwd, constants.X_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `cwd ${cwd} does not exist`;
    if (code === 'ENOTDIR') return `cwd ${cwd} is not a directory`;
    return `cwd ${cwd} is not accessible (${code ?? 'unknown error'})`;
  }
}

function readError(error: unknown): { code: string | undefined; message: string } {
  if (typeof error !== 'object' || error === null) return { code: undefined, message: String(error) };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : undefined, message: typeof message === 'string' ? message : String(error) };
}
