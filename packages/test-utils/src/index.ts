export { tempDir, removeTempDir, removeTempDirs } from './temp-dir.js';
export { quote } from './quote.js';
export { waitFor, waitUntil } from './wait-for.js';
export { startTestServer, closeTestServers, findClosedPort, reply } from './http-test-server.js';
export type { Handler, Received, TestServer, TestServerOptions } from './http-test-server.js';
export { LineClient } from './line-client.js';
export type { Exit, Line, LineClientOptions } from './line-client.js';
