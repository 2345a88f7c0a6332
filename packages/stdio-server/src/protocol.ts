export { PROTOCOL_VERSION, parseRequest, readRequest } from '@hookwire/contract';
export type { ParsedRequest, ParsedDispatch, RequestId } from '@hookwire/contract';

/** The default cap on one request line: 16 MiB (the protocol promises at least 8 MiB). */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
