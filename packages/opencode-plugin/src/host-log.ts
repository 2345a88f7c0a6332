import type { Logger } from '@hookwire/runtime';

/** The part of OpenCode's SDK client the plugin logs through (`client.app.log`: OpenCode's own log, stderr with `--print-logs`). */
export interface LogClient {
  app: { log(request: { body: { service: string; level: 'debug' | 'info' | 'warn' | 'error'; message: string; extra?: Record<string, unknown> } }): Promise<unknown> };
}

export interface HostLog extends Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  /** Resolves once every entry written so far was handed to OpenCode. */
  flush(): Promise<void>;
}

/** The service name of every entry, so `grep service=hookwire` finds them in OpenCode's log. */
export const LOG_SERVICE = 'hookwire';

/**
 * Logs through OpenCode's client. A failing log call is written to stderr instead: the plugin's
 * notices are never dropped, and logging never throws into a hook.
 */
export function createHostLog(client: LogClient): HostLog {
  const pending = new Set<Promise<unknown>>();
  const write = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>): void => {
    const sent = Promise.resolve()
      .then(() => client.app.log({ body: { service: LOG_SERVICE, level, message, ...(fields === undefined ? {} : { extra: fields }) } }))
      .catch((error: unknown) => {
        process.stderr.write(`hookwire (${level}): ${message} [OpenCode's log failed: ${(error as Error)?.message ?? String(error)}]\n`);
      })
      .finally(() => pending.delete(sent));
    pending.add(sent);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    flush: async () => {
      await Promise.all([...pending]);
    },
  };
}
