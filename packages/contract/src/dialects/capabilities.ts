/**
 * What a host can do with a hook's answer on one event. These tables drive both the downgrade
 * rules of `renderOutcome` (plan-outcome.ts) and the host × capability matrix of docs/hosts.md
 * (scripts/write-hosts-doc.mjs), so the two cannot drift.
 */
export interface Capabilities {
  /** A deny stops the action (or, on a stop event, makes the agent go on). */
  readonly block: boolean;
  /** The host can ask its user to confirm. */
  readonly ask: boolean;
  /** An `allow` can be rendered as a permission grant (`--pass-allow`). */
  readonly grant: boolean;
  /** A downgraded deny on an event that cannot be blocked reaches the model as feedback (PostToolUse `decision: "block"`). */
  readonly feedback: boolean;
  /** Hook context reaches the model. */
  readonly context: boolean;
  /** `continue: false` ends the agent's loop. */
  readonly stop: boolean;
  /** The host can apply a rewritten tool input (hookwire records rewrites and never applies them). */
  readonly rewrite: boolean;
  /** A message can be shown to the user (`systemMessage`, Cursor's `user_message`). */
  readonly userMessage: boolean;
}

export type CapabilityName = keyof Capabilities;

/** The columns of the matrix, in order, with their headings. */
export const CAPABILITY_HEADINGS: Readonly<Record<CapabilityName, string>> = {
  block: 'block',
  ask: 'ask',
  grant: 'grant',
  feedback: 'feedback',
  context: 'context',
  stop: 'stop',
  rewrite: 'rewrite',
  userMessage: 'user message',
};

const NONE: Capabilities = { block: false, ask: false, grant: false, feedback: false, context: false, stop: false, rewrite: false, userMessage: false };

/** Builds one event's capabilities from the ones it has. */
export function can(...names: CapabilityName[]): Capabilities {
  const out: Record<CapabilityName, boolean> = { ...NONE };
  for (const name of names) out[name] = true;
  return out;
}
