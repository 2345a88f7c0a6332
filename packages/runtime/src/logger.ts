/** Where the runtime reports what the host should know about but that does not change an outcome. */
export interface Logger {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that writes one JSON line per entry to a stream (stderr by default). */
export function createJsonLogger(stream: { write(chunk: string): unknown } = process.stderr): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    stream.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields })}\n`);
  };
  return {
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

export const silentLogger: Logger = { warn() {}, error() {} };
