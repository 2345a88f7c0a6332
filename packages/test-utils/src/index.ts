export { tempDir, removeTempDirs } from './temp-dir.js';
export { quote } from './quote.js';
export { waitFor, waitUntil } from './wait-for.js';
export { startTestServer, closeTestServers, findClosedPort, reply } from './http-test-server.js';
export type { Handler, Received, TestServer, TestServerOptions } from './http-test-server.js';
export { installPacked, packWorkspace, PUBLISHED_PACKAGES } from './packed-install.js';
export type { Tarballs } from './packed-install.js';
export { runClean } from './clean-run.js';
export type { Exit } from './clean-run.js';
