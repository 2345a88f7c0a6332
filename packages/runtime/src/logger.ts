/** Where the runtime reports what the host should know about but that does not change an outcome. */
export interface Logger {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that writes one JSON line per entry to a stream (stderr by default, taken on the first entry: a run that logs nothing never makes process.stderr). */
export function createJsonLogger(stream?: { write(chunk: string): unknown }): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    (stream ?? process.stderr).write(`${JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields })}\n`);
  };
  return {
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

export const silentLogger: Logger = { warn() {}, error() {} };
