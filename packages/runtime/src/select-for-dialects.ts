import { toolNamesIn, type DialectName } from '@hookwire/contract';
import { needsOffThreadMatch, selectHooks, selectHooksOffThread, type EventHooks } from './hook-index.js';
import type { LoadedHook } from './loaded-hook.js';
import type { SelectionMemo } from './selection-memo.js';

export interface SelectRequest {
  hasSubject: boolean;
  /** The subject in the canonical vocabulary (Claude Code's tool names). */
  subject: string | undefined;
  /** Whether the subject is a tool name (translated into each hook's dialect) or another value (matched as it is). */
  isTool: boolean;
  /** The tool call's input, when the subject is a tool: a file call read from a patch also answers to `apply_patch`. */
  toolInput?: unknown;
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
 * `run_shell_command`, a gemini hook's `run_shell_command` when Claude Code runs `Bash`. A tool
 * with several names in a dialect (`toolNamesIn`: Codex's `apply_patch` answers to `Edit` too)
 * selects a hook whose matcher takes any of them.
 */
export async function selectForDialects(hooks: EventHooks | undefined, request: SelectRequest): Promise<readonly LoadedHook[]> {
  if (hooks === undefined || !request.hasSubject) return hooks?.all ?? [];
  const subjectsIn = (dialect: DialectName): (string | undefined)[] =>
    request.isTool && request.subject !== undefined ? toolNamesIn(dialect, { name: request.subject, input: request.toolInput }) : [request.subject];
  const dialects = hooks.dialects.length === 0 ? (['claude'] as DialectName[]) : hooks.dialects;
  const single = dialects.length === 1 ? subjectsIn(dialects[0]!) : undefined;
  if (single !== undefined && single.length === 1) return selectOne(hooks, request, single[0]);
  const selected = new Set<LoadedHook>();
  for (const dialect of dialects) {
    for (const subject of subjectsIn(dialect)) {
      for (const hook of await selectOne(hooks, request, subject)) if (dialects.length === 1 || hook.spec.dialect === dialect) selected.add(hook);
    }
  }
  return [...selected].sort((a, b) => a.order - b.order);
}
