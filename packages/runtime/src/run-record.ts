import type { HandlerKind, HandlerResult, HookMode, OnError } from '@hookwire/contract';
import type { RuleMatchRecord } from './rule-engine.js';

/** One hook run as the host sees it (ARCHITECTURE §9): which hook decided what, and why. */
export interface RunRecord {
  /** The hook's `id` from the config, or its stable generated id (`PreToolUse#2`). */
  hook: string;
  kind: HandlerKind;
  /** That handler's own result; for an infrastructure failure, `failure` and what onError made of it. */
  outcome: HandlerResult;
  durationMs: number;
  exitCode?: number;
  status?: number;
  /** The policy that shaped a failure's result. */
  onError?: OnError;
  /** `observe` when the hook ran in observe mode: `outcome` is what it would have decided, and it was not folded. Absent for enforced hooks. */
  mode?: Extract<HookMode, 'observe'>;
  /** Rule hooks: every rule that matched, observe ones too, with what it matched (the command after unwrapping, the file, the URL). */
  rules?: RuleMatchRecord[];
}
