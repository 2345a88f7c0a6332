import { isEntryModule } from '@hookwire/session';
import { runSidecarProgram } from './command-line.js';

export { createStdioServer } from './server.js';
export type { StdioServer, StdioServerOptions } from './server.js';
export { listen } from './listen.js';
export type { ListenOptions } from './listen.js';
export { LineBuffer } from './line-buffer.js';
export type { LineEvent } from './line-buffer.js';
export { LineWriter } from './line-writer.js';
export { serializeResponse } from './serialize-line.js';
export { parseRequest, readRequest, PROTOCOL_VERSION, DEFAULT_MAX_LINE_BYTES } from './protocol.js';
export type { ParsedRequest, ParsedDispatch, RequestId } from './protocol.js';
export { VERSION } from './version.js';
export { STDIO_USAGE } from './command-line.js';


// `node lib/index.js listen --config FILE` (the seed's command line) runs the sidecar, as the bin does.
// A static import, not `import('./bin.js')`: a bundle of a program that imports this index gets no lazy chunk.
if (isEntryModule(import.meta.url)) runSidecarProgram(process.argv.slice(2));
