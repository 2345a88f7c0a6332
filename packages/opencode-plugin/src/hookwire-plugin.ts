import type { CanonicalEvent } from '@hookwire/contract';
import type { DispatchResult } from '@hookwire/runtime';
import { toCanonicalTool } from './canonical-tool.js';
import { createHostLog, type LogClient } from './host-log.js';
import { loadGuard } from './load-guard.js';
import { readPluginOptions } from './plugin-options.js';

/** What the plugin reads of OpenCode's plugin input (`@opencode-ai/plugin`'s `PluginInput`). */
export interface OpenCodeContext {
  client: LogClient;
  directory: string;
}

interface TextPart {
  type: string;
  text?: string;
  id?: string;
  synthetic?: boolean;
  [key: string]: unknown;
}

interface SessionEvent {
  type: string;
  properties?: unknown;
}

/** A string field of an event's `properties` (or of `properties.info`), if there is one. */
function readEventField(event: SessionEvent, field: string, within?: 'info'): string | undefined {
  const properties = typeof event.properties === 'object' && event.properties !== null ? (event.properties as Record<string, unknown>) : {};
  const holder = within === undefined ? properties : properties[within];
  const value = typeof holder === 'object' && holder !== null ? (holder as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The hooks the plugin gives OpenCode (a subset of `@opencode-ai/plugin`'s `Hooks`). */
export interface HookwireHooks {
  'tool.execute.before': (input: { tool: string; sessionID: string; callID: string }, output: { args: unknown }) => Promise<void>;
  'tool.execute.after': (input: { tool: string; sessionID: string; callID: string; args: unknown }, output: { title: string; output: string; metadata: unknown }) => Promise<void>;
  'chat.message': (input: { sessionID: string }, output: { message: unknown; parts: TextPart[] }) => Promise<void>;
  'experimental.chat.system.transform': (input: { sessionID?: string }, output: { system: string[] }) => Promise<void>;
  event: (input: { event: SessionEvent }) => Promise<void>;
}

/** The text a deny without a reason is shown as. */
export const DEFAULT_DENY_REASON = 'blocked by a hookwire hook (no reason given)';

/**
 * The reason of a block, if the folded outcome holds one: a deny, an ask (OpenCode gives a plugin
 * no way to ask the user — its `permission.ask` hook is never called — so an ask is a deny), or one
 * the fold downgraded on an event that cannot block (a PostToolUse block, Claude Code's feedback).
 */
function describeDenial(result: DispatchResult): string | undefined {
  const { decision, reason, downgraded, rawDecision, rawReason } = result.outcome;
  const blocked = decision === 'deny' || decision === 'ask';
  if (!blocked && !(downgraded && rawDecision !== undefined)) return undefined;
  const given = blocked ? reason : rawReason;
  return given !== undefined && given !== '' ? given : DEFAULT_DENY_REASON;
}

function readPromptText(parts: readonly TextPart[]): string {
  return parts.filter((part) => part.type === 'text' && typeof part.text === 'string' && part.synthetic !== true).map((part) => part.text).join('\n');
}

/**
 * The hookwire plugin for OpenCode. Loads the user's hookwire config once, in OpenCode's own
 * process (the runtime works the same under Bun: process groups, timeouts that kill a hook's tree),
 * and runs it on OpenCode's events in Claude Code's vocabulary, so a guard written for Claude Code
 * works unchanged:
 *
 * - `tool.execute.before` → `tool:before` (`PreToolUse`, the tool as `Bash`/`Read`/...): a deny
 *   (or an ask) throws an Error whose message is the folded reason — what the model sees; context
 *   is kept for the tool's result;
 * - `tool.execute.after` → `tool:after` (`PostToolUse`): a deny's reason and every context are
 *   appended to the tool's output, which is what the model sees;
 * - `chat.message` → `prompt:submit` (`UserPromptSubmit`): a deny throws (OpenCode ends the run),
 *   context becomes a synthetic text part of the user message;
 * - event `session.created` → `session:start` (`subagent:start` for a child session): context
 *   goes into that session's system prompt; event `session.idle` → `turn:stop` (`subagent:end`),
 *   observe-only: OpenCode cannot continue a turn from a plugin, so a block (or context, which
 *   Claude Code takes as feedback to keep going) is logged, not applied.
 *
 * A config that cannot be loaded (or a dispatch that fails) blocks nothing and is logged as an
 * error through OpenCode's log on start and on every event; with `onError: "block"` every tool
 * call and prompt is denied with that error instead.
 */
export async function HookwirePlugin(ctx: OpenCodeContext, given?: Record<string, unknown>): Promise<HookwireHooks> {
  const log = createHostLog(ctx.client);
  const read = readPluginOptions(given);
  const guard = read.ok
    ? await loadGuard({ directory: ctx.directory, config: read.options.config, env: process.env, logger: log })
    : ({ ok: false, problem: read.message } as const);
  const onError = read.ok ? read.options.onError : read.onError;
  if (guard.ok) log.info(`guarding this session with ${guard.configPaths.join(', ')}`);
  else log.error(`hookwire is not guarding this session: ${guard.problem}`);

  /** Whether the caller must refuse (`onError: "block"`); logs the problem either way. */
  const failed = (where: string, problem: string): string | undefined => {
    const message = `hookwire is not guarding this session: ${problem}`;
    log.error(`${where}: ${message}${onError === 'block' ? ' (onError "block": denied)' : ' (nothing blocked)'}`);
    return onError === 'block' ? message : undefined;
  };

  /** Runs one event; `undefined` when nothing could run (the problem is logged, and returned as a denial when failing closed). */
  const dispatch = async (event: CanonicalEvent, payload: Record<string, unknown>): Promise<{ result?: DispatchResult; refusal?: string }> => {
    if (!guard.ok) return { refusal: failed(event, guard.problem) };
    try {
      const result = await guard.runtime.dispatch(event, { cwd: ctx.directory, ...payload }, { cwd: ctx.directory });
      for (const message of result.outcome.systemMessage) log.warn(message, { event });
      return { result };
    } catch (error) {
      return { refusal: failed(event, `the dispatch failed: ${(error as Error).message}`) };
    }
  };

  const toolContexts = new Map<string, string[]>();
  const sessionContexts = new Map<string, Promise<string[]>>();
  const parents = new Map<string, string>();

  return {
    'tool.execute.before': async (input, output) => {
      const tool = toCanonicalTool(input.tool, output.args, ctx.directory);
      const { result, refusal } = await dispatch('tool:before', { session_id: input.sessionID, tool_name: tool.name, tool_input: tool.input, tool_use_id: input.callID });
      if (refusal !== undefined) throw new Error(refusal);
      if (result === undefined) return;
      const denial = describeDenial(result);
      if (denial !== undefined) throw new Error(denial);
      if (result.outcome.additionalContext.length > 0) toolContexts.set(input.callID, [...result.outcome.additionalContext]);
    },
    'tool.execute.after': async (input, output) => {
      const tool = toCanonicalTool(input.tool, input.args, ctx.directory);
      const before = toolContexts.get(input.callID) ?? [];
      toolContexts.delete(input.callID);
      const response = tool.name === 'Bash' ? { stdout: output.output, stderr: '', interrupted: false, metadata: output.metadata } : { output: output.output, metadata: output.metadata };
      const { result } = await dispatch('tool:after', { session_id: input.sessionID, tool_name: tool.name, tool_input: tool.input, tool_response: response, tool_use_id: input.callID });
      const denial = result === undefined ? undefined : describeDenial(result);
      const added = [...before, ...(denial === undefined ? [] : [denial]), ...(result?.outcome.additionalContext ?? [])];
      if (added.length > 0) output.output = `${output.output}\n\n${added.join('\n\n')}`;
    },
    'chat.message': async (input, output) => {
      // A subagent's prompt is the parent's tool call (Task), not the user's: Claude Code runs no UserPromptSubmit for it.
      if (parents.has(input.sessionID)) return;
      const { result, refusal } = await dispatch('prompt:submit', { session_id: input.sessionID, prompt: readPromptText(output.parts) });
      if (refusal !== undefined) throw new Error(refusal);
      if (result === undefined) return;
      const denial = describeDenial(result);
      if (denial !== undefined) throw new Error(denial);
      const first = output.parts.find((part) => part.type === 'text');
      result.outcome.additionalContext.forEach((text, index) => {
        // A copy of the prompt's part (its message and session ids), with an id that sorts after it.
        if (first !== undefined) output.parts.push({ ...first, id: `${first.id ?? 'prt'}hookwire${index}`, text, synthetic: true });
      });
    },
    'experimental.chat.system.transform': async (input, output) => {
      const contexts = input.sessionID === undefined ? undefined : sessionContexts.get(input.sessionID);
      if (contexts !== undefined) output.system.push(...(await contexts));
    },
    event: async ({ event }) => {
      if (event.type === 'session.created') {
        const id = readEventField(event, 'id', 'info');
        if (id === undefined) return;
        const parent = readEventField(event, 'parentID', 'info');
        if (parent !== undefined) parents.set(id, parent);
        const started = parent === undefined
          ? dispatch('session:start', { session_id: id, source: 'startup' })
          : dispatch('subagent:start', { session_id: parent, agent_id: id, agent_type: 'task' });
        const contexts = started.then(({ result }) => [...(result?.outcome.additionalContext ?? [])]);
        sessionContexts.set(id, contexts);
        await contexts;
        return;
      }
      if (event.type === 'session.idle') {
        const id = readEventField(event, 'sessionID');
        if (id === undefined) return;
        const parent = parents.get(id);
        const { result } = parent === undefined
          ? await dispatch('turn:stop', { session_id: id, stop_hook_active: false })
          : await dispatch('subagent:end', { session_id: parent, agent_id: id, agent_type: 'task', stop_hook_active: false });
        const denial = result === undefined ? undefined : describeDenial(result);
        const name = parent === undefined ? 'Stop' : 'SubagentStop';
        if (denial !== undefined) log.warn(`a ${name} hook asked to keep going ("${denial}"), but OpenCode cannot continue a turn from a plugin: not applied`);
        // Claude Code (≥ 2.1.163) keeps the turn going with a Stop hook's context, too: nor can OpenCode.
        for (const text of result?.outcome.additionalContext ?? []) log.warn(`a ${name} hook gave context to keep going ("${text}"), but OpenCode cannot continue a turn from a plugin: not applied`);
      }
    },
  };
}
