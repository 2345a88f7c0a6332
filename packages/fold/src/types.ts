/** A decision as a handler may spell it: `block` is `deny`, `approve` is `allow`. */
export type DecisionInput = 'allow' | 'ask' | 'deny' | 'approve' | 'block';

/** A decision after aliases are resolved. */
export type Decision = 'allow' | 'ask' | 'deny';

/** The decision fields of one handler's result; everything else a result carries is ignored. */
export interface FoldInput {
  decision?: DecisionInput | undefined;
  reason?: string | undefined;
  continue?: boolean | undefined;
  stopReason?: string | undefined;
  additionalContext?: string | readonly string[] | undefined;
  systemMessage?: string | readonly string[] | undefined;
}

/** The folded outcome of one dispatch: the outcome object pinned in ARCHITECTURE §7. */
export interface Outcome {
  decision: Decision | 'none';
  reason?: string;
  continue: boolean;
  stopReason?: string;
  additionalContext: string[];
  systemMessage: string[];
  downgraded: boolean;
  rawDecision?: 'deny' | 'ask';
  rawReason?: string;
}

export interface FoldOptions {
  /** Whether the event can be blocked; on other events a deny or ask is downgraded to `none`. Default true. */
  blockable?: boolean;
}
