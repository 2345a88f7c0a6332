import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Crush does with a hook's answer (its documented schema): a deny blocks the tool call and the
 * model sees `Tool call blocked by hook. Reason: …`; an `allow` pre-approves the call (no
 * permission prompt); `context` is appended to the tool's result; `halt` ends the turn;
 * `updated_input` is applied. It has no `ask` and no message for the user alone.
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'grant', 'context', 'stop', 'rewrite'),
};
