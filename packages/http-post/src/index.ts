export { postAndRead } from './post-and-read.js';
export type { PostFailure, PostFailureClass, PostOutcome, PostRequest, PostResponse, PostTarget } from './post-and-read.js';
export { parseTargetUrl, showUrl } from './parse-target-url.js';
export type { TargetUrl } from './parse-target-url.js';
export { describeHttpStatus } from './describe-http-status.js';
export { clipFirstLine } from './clip-first-line.js';
export { describeRequestError } from './describe-request-error.js';
export { isReservedHeader } from './reserved-headers.js';
