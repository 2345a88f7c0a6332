/** One line of `--output-format stream-json`: a system, assistant, user or result message. */
export interface ClaudeEvent {
  type: string;
  subtype?: string;
  [key: string]: unknown;
}

/** What Claude Code reported of one hook run (`--include-hook-events`): the user's view of a hook. */
export interface HookResponse {
  hookEvent: string;
  hookName: string;
  outcome: string;
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
}

/** Parses the stdout of a `stream-json` run into its messages, one per line. */
export function parseClaudeEvents(stdout: string): ClaudeEvent[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ClaudeEvent);
}

/** The `system/hook_response` messages of a run, in the order Claude Code sent them. */
export function listHookResponses(events: ClaudeEvent[]): HookResponse[] {
  return events
    .filter((event) => event.type === 'system' && event.subtype === 'hook_response')
    .map((event) => ({
      hookEvent: String(event.hook_event),
      hookName: String(event.hook_name),
      outcome: String(event.outcome),
      exitCode: typeof event.exit_code === 'number' ? event.exit_code : undefined,
      stdout: String(event.stdout ?? ''),
      stderr: String(event.stderr ?? ''),
    }));
}
