// cc-safety-net run as Claude Code runs it: one process per tool call, the PreToolUse payload on
// stdin, the answer in hookSpecificOutput.permissionDecision (or exit code 2 = block).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { runToClose } from '../../lib/processes.mjs';

const require = createRequire(import.meta.url);

/** Where the cc-safety-net devDependency's bin lives, and its version. */
export function locateCcsn() {
  const manifestPath = require.resolve('cc-safety-net/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return { bin: join(dirname(manifestPath), manifest.bin['cc-safety-net']), version: manifest.version };
}

/**
 * A guard row for one cc-safety-net level ('standard' is its default; 'strict' and 'paranoid' are
 * set through CC_SAFETY_NET_LEVEL, as its help documents). HOME is the sandbox's, so no user
 * config of this machine leaks in and its audit log lands in the sandbox.
 */
export function createCcsnGuard(level, sandbox) {
  const { bin, version } = locateCcsn();
  const env = { ...process.env, HOME: sandbox.home, CC_SAFETY_NET_LEVEL: level };
  for (const key of Object.keys(env)) {
    if (key.startsWith('CC_SAFETY_NET_') && key !== 'CC_SAFETY_NET_LEVEL') delete env[key];
  }
  if (level === 'standard') delete env.CC_SAFETY_NET_LEVEL;
  return {
    name: `cc-safety-net-${level}`,
    label: `cc-safety-net ${version} (${level}${level === 'standard' ? ', its default' : ''})`,
    kind: 'process',
    available: () => ({ ok: true }),
    decide: (action, index) => decideAsClaude([bin, 'hook', '--claude-code'], { sandbox, env }, action, index),
  };
}

/**
 * One tool call put to a command hook as Claude Code puts it: `process.execPath` with `args`, cwd
 * the sandbox's project, the PreToolUse payload on stdin; the answer as Claude Code reads it, timed.
 */
export async function decideAsClaude(args, { sandbox, env }, action, index) {
  const payload = {
    session_id: 'hookwire-guards-bench',
    transcript_path: join(sandbox.root, 'transcript.jsonl'),
    cwd: sandbox.project,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: action.tool,
    tool_input: action.input,
    tool_use_id: `toolu_${index}`,
  };
  const start = performance.now();
  const result = await runToClose(process.execPath, args, { input: JSON.stringify(payload), cwd: sandbox.project, env, timeoutMs: 30_000 });
  const ms = performance.now() - start;
  return { ...readClaudeAnswer(result), ms };
}

/** Claude Code's reading of a PreToolUse command hook's answer. */
export function readClaudeAnswer({ code, stdout, stderr }) {
  if (code === 2) return { decision: 'deny', reason: stderr.trim().slice(0, 300) };
  if (code !== 0) return { decision: 'error', reason: `exit ${code}: ${stderr.trim().slice(0, 300)}` };
  const text = stdout.trim();
  if (!text) return { decision: 'allow' };
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    return { decision: 'error', reason: `stdout is not JSON: ${text.slice(0, 200)}` };
  }
  const out = answer.hookSpecificOutput ?? {};
  const decision = out.permissionDecision ?? (answer.decision === 'block' ? 'deny' : 'allow');
  return { decision, reason: String(out.permissionDecisionReason ?? answer.reason ?? '').slice(0, 300) };
}
