import { listFunctionResponses } from './fake-gemini.js';
import { runGemini, type RunGeminiOptions } from './gemini.js';

export interface GeminiTurnOptions extends Pick<RunGeminiOptions, 'cwd' | 'env' | 'timeoutMs'> {
  /** The shell command the scripted model runs in the turn; default `true`. */
  command?: string;
}

/**
 * Times one whole headless turn of the real Gemini CLI. `settings` is written to the project's
 * `.gemini/settings.json` (`undefined` writes `{}`: no hooks; `'keep'` writes nothing, so a project
 * set up by `hookwire init --host gemini` keeps its own): the prompt, one shell call, its result, a
 * final answer, exit. Resolves to the milliseconds from spawn to exit; rejects when the run did not
 * complete cleanly, so a figure never times a broken turn.
 */
export async function timeGeminiTurn(settings: unknown, options: GeminiTurnOptions = {}): Promise<number> {
  const { command = 'true', ...rest } = options;
  const written = settings === 'keep' ? {} : { settings: settings ?? {} };
  const run = await runGemini({ ...rest, ...written, prompt: 'Run the command.', script: [{ bash: command }, { text: 'finished' }] });
  const results = listFunctionResponses(run.requests);
  if (run.exitCode !== 0 || run.timedOut || results.length !== 1 || results[0]?.response.error !== undefined) {
    throw new Error(`timeGeminiTurn: the turn did not complete (exit ${run.exitCode}, timed out ${run.timedOut}, ${results.length} tool results): ${run.stderr.slice(-500)}`);
  }
  return run.durationMs;
}
