// What the figures feed hookwire: configs, payloads, protocol lines, and the working directory they live in.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SHELL = '/bin/sh';
/** The hook of every spawn figure: reads its stdin and does nothing else. */
export const TRIVIAL_COMMAND = 'cat >/dev/null';

export function makeWorkDir() {
  return mkdtempSync(join(tmpdir(), 'hookwire-bench-'));
}

export function removeWorkDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** Writes `config` as JSON to `dir/name` and returns its path. */
export function writeConfig(dir, name, config) {
  const path = join(dir, name);
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

/** One command hook on PreToolUse/Bash: a Bash payload selects it, a Read payload selects nothing. */
export function oneCommandHookConfig() {
  return { hooks: [{ id: 'trivial', event: 'tool:before', matcher: 'Bash', type: 'command', command: TRIVIAL_COMMAND }] };
}

/** One hook that selects a Read payload, answered in-process by the runtime's `proxy` option: no process, no socket. */
export function oneAgentHookConfig() {
  return { hooks: [{ id: 'judge', event: 'tool:before', matcher: 'Read', type: 'agent', prompt: 'Check $ARGUMENTS' }] };
}

const OTHER_EVENTS = ['tool:after', 'prompt:submit', 'session:start', 'turn:stop'];

/**
 * `n` hooks of which exactly one selects a PreToolUse/Bash payload and none a Read payload: the rest
 * sit on other events, or on tool:before with other exact names or regular expressions.
 * `kind` is 'command' (the trivial command) or 'agent' (answered by the runtime's `proxy` option).
 */
export function manyHooksConfig(n, kind) {
  const body = kind === 'agent' ? { type: 'agent', prompt: 'Check $ARGUMENTS' } : { type: 'command', command: TRIVIAL_COMMAND };
  const hooks = [{ id: 'selected', event: 'tool:before', matcher: 'Bash', ...body }];
  for (let i = 1; i < n; i++) {
    const id = `other-${i}`;
    if (i % 3 === 0) hooks.push({ id, event: OTHER_EVENTS[i % OTHER_EVENTS.length], ...body });
    else if (i % 3 === 1) hooks.push({ id, event: 'tool:before', matcher: `Tool${i}|Edit${i}`, ...body });
    else hooks.push({ id, event: 'tool:before', matcher: `^mcp__server${i}__.*`, ...body });
  }
  return { hooks };
}

/** A Claude Code PreToolUse payload for `tool`; `contentBytes` adds a `tool_input.content` of that size. */
export function toolPayload({ tool, cwd, contentBytes }) {
  const toolInput = tool === 'Bash' ? { command: 'git status', description: 'Show the working tree status' } : { file_path: join(cwd, 'README.md') };
  if (contentBytes !== undefined) toolInput.content = 'x'.repeat(contentBytes);
  return {
    session_id: '6f1c2d9e-8b4a-4c1e-9f0a-3d2b1c4e5f60',
    transcript_path: join(cwd, 'transcript.jsonl'),
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: toolInput,
  };
}

/** A sidecar dispatch request line for a PreToolUse payload given as JSON text. */
export function dispatchLine(id, payloadJson) {
  return `{"op":"dispatch","id":${id},"event":"PreToolUse","payload":${payloadJson}}\n`;
}

/** The stdin a Claude-dialect command hook gets for `payload`, as the runtime renders it. */
export function renderClaude(contract, payload) {
  return contract.renderPayload('claude', 'tool:before', contract.normalizePayload('tool:before', payload, { cwd: payload.cwd }));
}
