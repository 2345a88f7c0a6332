import { toolNameIn, type DialectName } from '@hookwire/contract';
import { needsOffThreadMatch, selectHooks, selectHooksOffThread, type EventHooks } from './hook-index.js';
import type { LoadedHook } from './loaded-hook.js';
import type { SelectionMemo } from './selection-memo.js';

export interface SelectRequest {
  hasSubject: boolean;
  /** The subject in the canonical vocabulary (Claude Code's tool names). */
  subject: string | undefined;
  /** Whether the subject is a tool name (translated into each hook's dialect) or another value (matched as it is). */
  isTool: boolean;
  memo: SelectionMemo;
  signal: () => AbortSignal | undefined;
}

async function selectOne(hooks: EventHooks, request: SelectRequest, subject: string | undefined): Promise<readonly LoadedHook[]> {
  return needsOffThreadMatch(hooks, request.hasSubject, subject)
    ? selectHooksOffThread(hooks, subject!, request.signal())
    : selectHooks(hooks, request.hasSubject, subject, request.memo);
}

/**
 * The hooks an event selects, in configuration order, each hook's matcher tested against the
 * subject in its own dialect's vocabulary: a claude hook's `Bash` matches when Gemini CLI runs
 * `run_shell_command`, a gemini hook's `run_shell_command` when Claude Code runs `Bash`.
 */
export async function selectForDialects(hooks: EventHooks | undefined, request: SelectRequest): Promise<readonly LoadedHook[]> {
  if (hooks === undefined || !request.hasSubject) return hooks?.all ?? [];
  const subjectIn = (dialect: DialectName) => (request.isTool && request.subject !== undefined ? toolNameIn(dialect, request.subject) : request.subject);
  if (hooks.dialects.length <= 1) return selectOne(hooks, request, subjectIn(hooks.dialects[0] ?? 'claude'));
  const selected: LoadedHook[] = [];
  for (const dialect of hooks.dialects) {
    for (const hook of await selectOne(hooks, request, subjectIn(dialect))) if (hook.spec.dialect === dialect) selected.push(hook);
  }
  return selected.sort((a, b) => a.order - b.order);
}
