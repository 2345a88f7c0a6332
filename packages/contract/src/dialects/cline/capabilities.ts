import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Cline CLI 3.0.65 does with a hook's answer (docs/hosts-observed.md, "Cline"): `cancel: true`
 * ends the whole run (on PreToolUse the tool does not run, and the model is not told why);
 * `contextModification` is added for the model; `overrideInput` replaces a tool's input. No ask, no
 * grant, no message for the user alone; the end of a task cannot be refused.
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'context', 'stop', 'rewrite'),
  'tool:after': can('context', 'stop'),
  'prompt:submit': can('block', 'context', 'stop'),
  'session:start': can('context', 'stop'),
  'turn:stop': can(),
  'session:end': can(),
  'compact:before': can(),
};
