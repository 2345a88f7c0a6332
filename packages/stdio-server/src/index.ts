import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export { createStdioServer } from './server.js';
export type { StdioServer, StdioServerOptions } from './server.js';
export { LineBuffer } from './line-buffer.js';
export type { LineEvent } from './line-buffer.js';
export { parseRequest, readRequest, PROTOCOL_VERSION, DEFAULT_MAX_LINE_BYTES } from './protocol.js';
export type { ParsedRequest, ParsedDispatch, RequestId } from './protocol.js';
export { createSession, DISPATCH_CHANNEL } from './session/session.js';
export type { Session, SessionOptions, SessionResponse, DispatchMessage } from './session/session.js';
export { CancelHandle } from './session/cancel-handle.js';
export { answerHost, SILENT_ANSWER } from './host/answer-host.js';
export type { AnswerHostOptions, HostAnswer, HostPayload } from './host/answer-host.js';
export { readHostPayload } from './host/host-payload.js';
export { main } from './cli.js';
export { VERSION } from './version.js';

function invokedDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// `node lib/index.js listen ...` (the seed's command line) still runs the CLI: the executable itself lives in bin.ts.
// Not awaited: a top-level await would make this module impossible to `require()` (ERR_REQUIRE_ASYNC_MODULE).
if (invokedDirectly()) void import('./bin.js');
export { locateConfig, locateUserConfig, locateProjectDir, CONFIG_ENV_VAR, PROJECT_CONFIG_NAME } from './config-location.js';
export type { ConfigLookup } from './config-location.js';
