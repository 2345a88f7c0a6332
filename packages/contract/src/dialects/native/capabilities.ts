import { CANONICAL_EVENT_NAMES, type CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/** The native answer is the whole outcome object: whoever reads it gets everything the fold said. */
export const CAPABILITIES = Object.fromEntries(
  CANONICAL_EVENT_NAMES.map((event) => [event, can('block', 'ask', 'grant', 'feedback', 'context', 'stop', 'rewrite', 'userMessage')]),
) as Readonly<Record<CanonicalEvent, Capabilities>>;
