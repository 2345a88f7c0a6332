export { postAndRead } from './post-and-read.js';
export type { PostFailure, PostFailureClass, PostOutcome, PostRequest, PostResponse, PostTarget } from './post-and-read.js';
export { parseTargetUrl, showUrl } from './parse-target-url.js';
export type { TargetUrl } from './parse-target-url.js';
export { clipFirstLine, describeHttpStatus, describeRequestError } from './describe-failure.js';
export { isReservedHeader } from './post-and-read.js';
