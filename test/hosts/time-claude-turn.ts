import { runClaude, type RunClaudeOptions } from './claude.js';
import { listToolResults } from './fake-anthropic.js';

export interface ClaudeTurnOptions extends Pick<RunClaudeOptions, 'cwd' | 'env' | 'timeoutMs'> {
  /** The Bash command the scripted model runs in the turn; default `true`. */
  command?: string;
}

/**
 * Times one whole headless turn of the real Claude Code under `settings`, written to the project's
 * `.claude/settings.json` (undefined writes `{}`: no hooks, even in a reused `cwd`): the prompt, one
 * Bash tool call, its result, a final answer, exit. Resolves to the milliseconds from spawn to exit;
 * rejects when the run did not complete cleanly, so a figure never times a broken turn.
 */
export async function timeClaudeTurn(settings: unknown, options: ClaudeTurnOptions = {}): Promise<number> {
  const { command = 'true', ...rest } = options;
  const run = await runClaude({ ...rest, settings: settings ?? {}, prompt: 'Run the command.', script: [{ bash: command }, { text: 'finished' }] });
  const results = listToolResults(run.requests);
  if (run.exitCode !== 0 || run.timedOut || results.length !== 1) {
    throw new Error(
      `timeClaudeTurn: the turn did not complete (exit ${run.exitCode}, timed out ${run.timedOut}, ${results.length} tool results): ${run.stderr.slice(0, 500)}`,
    );
  }
  return run.durationMs;
}
