import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '@hookwire/test-utils';
import { REPO_DIR } from './claude-settings.js';

// Claude Code guards, unchanged, for the cross-host tests: hookwire config hooks in the Claude
// dialect (the default), with matcher "Bash" — Claude Code's name, whatever the host calls its shell.

/** What the inline guard tells the model when it denies. */
export const RM_RF_REASON = 'NO-RM-RF: rm -rf deletes recursively without asking';

/**
 * A Claude Code PreToolUse command hook in one `node -e` line: reads the payload as `p`, and exits 2
 * with `reason` on stderr when `test` (a JavaScript expression over `p`, no double quotes) is true.
 */
export function describeExitGuard(id: string, matcher: string, test: string, reason: string): Record<string, unknown> {
  return {
    id,
    event: 'PreToolUse',
    matcher,
    type: 'command',
    command: `node -e "let s='';process.stdin.on('data',(d)=>(s+=d)).on('end',()=>{const p=JSON.parse(s);if(${test}){console.error('${reason}');process.exit(2)}})"`,
    timeout: 10,
  };
}

/** A Claude Code PreToolUse command hook: reads the payload, exits 2 with the reason on stderr when `tool_input.command` has `rm -rf`. */
export const RM_RF_GUARD = describeExitGuard('deny-rm-rf', 'Bash', "String(p.tool_input?.command).includes('rm -rf')", RM_RF_REASON);

/** The real third-party guard from npm (cc-safety-net 2.4.5, a root devDependency), as Claude Code runs it: `cc-safety-net hook --claude-code`. */
export const SAFETY_NET_GUARD = {
  id: 'cc-safety-net',
  event: 'PreToolUse',
  matcher: 'Bash',
  type: 'command',
  command: `node ${JSON.stringify(join(REPO_DIR, 'node_modules', 'cc-safety-net', 'dist', 'bin', 'cc-safety-net.js'))} hook --claude-code`,
  timeout: 20,
};

/** The start of what cc-safety-net answers for `rm -rf ~/keep` (outside the project). */
export const SAFETY_NET_REASON = 'BLOCKED by CC Safety Net\n\nReason: rm -rf outside cwd is blocked.';

/** A Claude Code hook that prints `additionalContext` for its event. */
export function describeContextHook(id: string, event: string, text: string, matcher?: string): Record<string, unknown> {
  const answer = JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });
  return { id, event, ...(matcher === undefined ? {} : { matcher }), type: 'command', command: `echo '${answer}'`, timeout: 10 };
}

/** A PreToolUse hook that outlives its 1 s timeout with a grandchild, whose pid it writes to `pidFile` (relative to the project). */
export function describeSlowHook(pidFile: string): Record<string, unknown> {
  return { id: 'slow', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `sh -c 'sleep 30 & echo $! > ${pidFile}; wait'`, timeout: 1 };
}

/** The shell command the model runs after the slow hook: `DEAD` when the hook ran and its grandchild was killed before the tool ran (`NO-PID` when the hook never ran). */
export function describeAliveCheck(pidFile: string): string {
  // Not `kill -0` (Copilot CLI refuses a kill whose PID is not a literal) nor /proc (outside the folder it allows).
  return `if test -s ${pidFile}; then ps -p "$(cat ${pidFile})" >/dev/null && echo ALIVE || echo DEAD; else echo NO-PID; fi`;
}

/**
 * The cross-host turn's config: SessionStart and UserPromptSubmit contexts, the two guards (the
 * inline one first, then cc-safety-net), a PreToolUse context, PostToolUse feedback (a block with
 * a reason) and context on Bash, and a Stop hook that asks once to keep going.
 */
export function describeGuardedConfig(): { hooks: Record<string, unknown>[] } {
  return {
    hooks: [
      describeContextHook('ss', 'SessionStart', 'SS-CTX'),
      describeContextHook('ups', 'UserPromptSubmit', 'UPS-CTX'),
      RM_RF_GUARD,
      SAFETY_NET_GUARD,
      describeContextHook('pre', 'PreToolUse', 'PRE-CTX', 'Bash'),
      { id: 'post-feedback', event: 'PostToolUse', matcher: 'Bash', type: 'command', command: `echo '{"decision":"block","reason":"POST-FEEDBACK"}'`, timeout: 10 },
      describeContextHook('post', 'PostToolUse', 'POST-CTX', 'Bash'),
      KEEP_GOING_HOOK,
    ],
  };
}

/** A Stop hook that blocks once (`stop_hook_active` false) with `KEEP-GOING`: the model should go on. */
export const KEEP_GOING_HOOK = {
  id: 'keep-going',
  event: 'Stop',
  type: 'command',
  command: `node -e "let s='';process.stdin.on('data',(d)=>(s+=d)).on('end',()=>{if(JSON.parse(s).stop_hook_active!==true)console.log(JSON.stringify({decision:'block',reason:'KEEP-GOING'}))})"`,
  timeout: 10,
};

/** The scripted turn for it: a harmless command, then one both guards deny (`marker` must not appear), then an answer, and one more after a Stop block. */
export const GUARDED_SCRIPT = [{ bash: 'echo hi' }, { bash: 'rm -rf ~/keep && touch marker' }, { text: 'finished' }, { text: 'really finished' }];

/** A fresh project (removed with the test's temp folders) holding `config` as its `.hookwire.json` (a string is written as it is). */
export async function makeHookwireProject(config: unknown): Promise<string> {
  const dir = join(await tempDir('hookwire-host-project-'), 'project');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, '.hookwire.json'), typeof config === 'string' ? config : `${JSON.stringify(config, null, 2)}\n`);
  return dir;
}

/** A `.hookwire.json` with a typo (`evnt`): the config cannot load. */
export const BROKEN_CONFIG = '{ "hooks": [ { "id": "typo", "evnt": "PreToolUse", "type": "command", "command": "exit 2" } ] }\n';
