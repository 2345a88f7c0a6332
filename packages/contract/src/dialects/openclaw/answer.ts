// hookwire's OpenClaw plugin takes the pi extension's answer, `{block, reason, context, message}`.
export { readAnswer } from '../pi/answer.js';
