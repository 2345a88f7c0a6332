export { serve, SERVE_DEFAULTS, DRAIN_GRACE_MS } from './serve.js';
export type { ServeOptions } from './serve.js';
export { createHttpTransport, MAX_BODY_BYTES, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, RETRY_AFTER_SECONDS, HOOK_DIALECTS } from './http-server.js';
export type { HttpTransport, HttpTransportOptions } from './http-server.js';
export { createServeMetrics, DURATION_BUCKETS } from './metrics.js';
export type { ServeMetrics } from './metrics.js';
export { isLoopbackHost } from './loopback.js';
