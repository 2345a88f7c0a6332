/**
 * The extension `init --host pi` writes: pi's hooks are in-process handlers, so the extension
 * forwards each event to the project's own bridge (`hookwire run --dialect pi`: one process per
 * event, with the bridge's budget, timeouts and tree kills) and applies its answer:
 * - `tool_call`: a block stops the tool (the model gets the reason as its result);
 * - `tool_result`: context is appended to the result;
 * - `input` (prompt:submit): asked once per prompt; a block refuses the prompt before the agent runs
 *   (`{action: "handled"}`) and shows the user the reason; context from the same answer is injected
 *   by the `before_agent_start` that follows, as a message for the model;
 * - `agent_end` (turn:stop): a block (or Stop context, which the dialect renders as one) is sent as
 *   a new user message (`pi.sendUserMessage`, `deliverAs: "followUp"`), so the agent goes on, as
 *   Claude Code's Stop block does. The `agent_end` after such a message says `stop_hook_active:
 *   true`; after 8 in a row (Claude Code's default cap, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP) pi stops
 *   anyway and the user is told. The message itself is not a prompt: the prompt hooks skip it.
 *   `session_shutdown` waits for a Stop answer still under way, and goes on no more (`pi -p` ends
 *   the session without waiting for `agent_end` handlers: there the user is told instead).
 * A bridge that cannot run blocks tool calls and prompts (fail closed) and says why.
 */
export const PI_EXTENSION = `// Written by hookwire init --host pi: runs the project's hookwire config (.hookwire.json) in pi,
// through the project's own hookwire bridge (hookwire run --dialect pi), on every tool call and result,
// prompt and session event. A bridge that cannot run blocks tool calls and prompts (fail closed) and says why.
// A prompt the hooks deny never reaches the agent. A Stop hook's block (or context) at agent_end is sent as
// a new user message, so the agent goes on; the next agent_end says stop_hook_active: true, and after
// 8 such messages in a row pi stops anyway.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const project = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bridge = join(project, 'node_modules', '.bin', 'hookwire');
// Claude Code's default cap on Stop blocks in a row (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP).
const MAX_CONTINUATIONS = 8;

function ask(event, ctx) {
  return new Promise((done) => {
    const child = spawn(bridge, ['run', '--dialect', 'pi', '--budget', '110'], { cwd: project, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', (error) => done({ failed: \`hookwire: cannot run \${bridge}: \${error.message}\` }));
    child.on('close', (code) => {
      if (code !== 0 && out.trim() === '') return done({ failed: \`hookwire: \${bridge} exited with \${code}: \${err.trim()}\` });
      try {
        done(out.trim() === '' ? {} : JSON.parse(out));
      } catch {
        done({ failed: \`hookwire: the bridge's answer is not JSON: \${out.trim()}\` });
      }
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify({ ...event, cwd: ctx.cwd, session_id: ctx.sessionManager?.getSessionId?.() }));
  });
}

function tell(ctx, text) {
  if (text === undefined || text === '') return;
  if (ctx.hasUI) ctx.ui.notify(text, 'warning');
  else process.stderr.write(\`\${text}\\n\`);
}

function lastAssistantText(messages) {
  const last = (Array.isArray(messages) ? messages : []).filter((message) => message?.role === 'assistant').at(-1);
  if (!Array.isArray(last?.content)) return undefined;
  return last.content.filter((part) => part?.type === 'text').map((part) => part.text).join('');
}

export default function hookwire(pi) {
  let promptContext; // context from the input answer, for the before_agent_start of the same prompt
  let continuing; // the user message this extension sent to go on after a Stop block
  let continuations = 0; // such messages since the user's last prompt
  let closing = false;
  let stopping = Promise.resolve();

  pi.on('tool_call', async (event, ctx) => {
    const answer = await ask(event, ctx);
    tell(ctx, answer.failed ?? answer.message);
    if (answer.failed !== undefined) return { block: true, reason: answer.failed };
    if (answer.block === true) return { block: true, reason: answer.reason };
    return undefined;
  });
  pi.on('tool_result', async (event, ctx) => {
    const answer = await ask(event, ctx);
    tell(ctx, answer.failed ?? answer.message);
    if (typeof answer.context === 'string') return { content: [...event.content, { type: 'text', text: answer.context }] };
    return undefined;
  });
  pi.on('input', async (event, ctx) => {
    promptContext = undefined;
    if (event.source === 'extension' && continuing !== undefined && event.text === continuing) {
      continuing = undefined;
      return { action: 'continue' };
    }
    continuations = 0;
    const answer = await ask({ type: 'input', text: event.text, source: event.source }, ctx);
    tell(ctx, answer.failed ?? answer.message);
    if (answer.failed !== undefined) return { action: 'handled' };
    if (answer.block === true) {
      tell(ctx, \`hookwire: the prompt was blocked: \${answer.reason}\`);
      return { action: 'handled' };
    }
    if (typeof answer.context === 'string') promptContext = answer.context;
    return { action: 'continue' };
  });
  pi.on('before_agent_start', async () => {
    const context = promptContext;
    promptContext = undefined;
    if (context !== undefined) return { message: { customType: 'hookwire', content: context, display: false } };
    return undefined;
  });
  async function stop(event, ctx) {
    const answer = await ask({ type: 'agent_end', stop_hook_active: continuations > 0, last_assistant_message: lastAssistantText(event.messages) }, ctx);
    tell(ctx, answer.failed ?? answer.message);
    if (answer.block !== true) {
      continuations = 0;
      return;
    }
    if (closing) return tell(ctx, \`hookwire: a Stop hook asked pi to go on, but pi is ending the session: \${answer.reason}\`);
    if (continuations >= MAX_CONTINUATIONS) {
      continuations = 0;
      return tell(ctx, \`hookwire: the Stop hooks asked pi to go on \${MAX_CONTINUATIONS} times in a row; pi stops here: \${answer.reason}\`);
    }
    continuations += 1;
    continuing = answer.reason;
    pi.sendUserMessage(answer.reason, { deliverAs: 'followUp' });
  }
  pi.on('agent_end', (event, ctx) => {
    stopping = stop(event, ctx);
    return stopping;
  });
  pi.on('session_start', async (event, ctx) => {
    closing = false;
    const answer = await ask({ type: event.type, reason: event.reason }, ctx);
    tell(ctx, answer.failed ?? answer.message);
  });
  pi.on('session_shutdown', async (event, ctx) => {
    closing = true;
    await stopping;
    const answer = await ask({ type: event.type, reason: event.reason }, ctx);
    tell(ctx, answer.failed ?? answer.message);
  });
}
`;

/**
 * The extensions older inits wrote, which `init --host pi` replaces with {@link PI_EXTENSION} and
 * `init --uninstall --host pi` removes. The first asked the bridge on `before_agent_start` (which
 * can add context but not refuse a prompt) and ignored a Stop hook's answer.
 */
export const LEGACY_PI_EXTENSIONS: readonly string[] = [
  `// Written by hookwire init --host pi: runs the project's hookwire config (.hookwire.json) in pi,
// through the project's own hookwire bridge (hookwire run --dialect pi), on every tool call and result,
// prompt and session event. A bridge that cannot run blocks tool calls (fail closed) and says why.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const project = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bridge = join(project, 'node_modules', '.bin', 'hookwire');

function ask(event, ctx) {
  return new Promise((done) => {
    const child = spawn(bridge, ['run', '--dialect', 'pi', '--budget', '110'], { cwd: project, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', (error) => done({ failed: \`hookwire: cannot run \${bridge}: \${error.message}\` }));
    child.on('close', (code) => {
      if (code !== 0 && out.trim() === '') return done({ failed: \`hookwire: \${bridge} exited with \${code}: \${err.trim()}\` });
      try {
        done(out.trim() === '' ? {} : JSON.parse(out));
      } catch {
        done({ failed: \`hookwire: the bridge's answer is not JSON: \${out.trim()}\` });
      }
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify({ ...event, cwd: ctx.cwd, session_id: ctx.sessionManager?.getSessionId?.() }));
  });
}

function tell(ctx, text) {
  if (text === undefined || text === '') return;
  if (ctx.hasUI) ctx.ui.notify(text, 'warning');
  else process.stderr.write(\`\${text}\\n\`);
}

export default function hookwire(pi) {
  pi.on('tool_call', async (event, ctx) => {
    const answer = await ask(event, ctx);
    tell(ctx, answer.failed ?? answer.message);
    if (answer.failed !== undefined) return { block: true, reason: answer.failed };
    if (answer.block === true) return { block: true, reason: answer.reason };
    return undefined;
  });
  pi.on('tool_result', async (event, ctx) => {
    const answer = await ask(event, ctx);
    tell(ctx, answer.failed ?? answer.message);
    if (typeof answer.context === 'string') return { content: [...event.content, { type: 'text', text: answer.context }] };
    return undefined;
  });
  pi.on('before_agent_start', async (event, ctx) => {
    const answer = await ask({ type: event.type, prompt: event.prompt }, ctx);
    tell(ctx, answer.failed ?? answer.message);
    if (typeof answer.context === 'string') return { message: { customType: 'hookwire', content: answer.context, display: false } };
    return undefined;
  });
  for (const name of ['session_start', 'agent_end', 'session_shutdown']) {
    pi.on(name, async (event, ctx) => {
      const answer = await ask({ type: event.type, reason: event.reason }, ctx);
      tell(ctx, answer.failed ?? answer.message);
    });
  }
}
`,
];
