import type { ServerResponse } from 'node:http';
import { reply, startTestServer, type TestServer } from '@hookwire/test-utils';
import { parseBody } from './fake-http.js';

/** One answer of the scripted model: run a shell command, call another tool, or say something and end the turn. */
export type ChatStep = { bash: string } | { tool: string; args: Record<string, unknown> } | { text: string };

/** A request the fake received, its body parsed when it was JSON. */
export interface ChatRequest {
  method: string;
  url: string;
  body: unknown;
  /** Whether the fake answered it from the script (the agent's main loop, which offers `bash`) or as a side request (titles). */
  role: 'main' | 'side';
}

export interface FakeChatCompletions {
  /** The base URL, ending in `/v1`: `COPILOT_PROVIDER_BASE_URL`, or an OpenCode provider's `baseURL`. */
  url: string;
  /** Every request, in arrival order. */
  readonly requests: ChatRequest[];
  close(): Promise<void>;
}

export interface FakeChatOptions {
  /** The arguments of a `{ bash }` step's call of the `bash` tool; default `{ command }`. */
  describeBashArgs?: (command: string) => Record<string, unknown>;
  /** The host's shell tool: what a `{ bash }` step calls, and what a main-loop request offers; default `bash` (Qwen Code: `run_shell_command`). */
  shellTool?: string;
  /** Model ids `GET /v1/models` lists (Letta Code picks its model from that list); without them the fake serves no model list (404). */
  models?: string[];
}

/** The text the fake says when the script has no step left, and on every side request. */
export const FINAL_TEXT = 'Done.';

interface ChatMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  messages?: ChatMessage[];
  tools?: { function?: { name?: string } }[];
}

/**
 * Starts a fake of the OpenAI Chat Completions API (`POST /v1/chat/completions`) on 127.0.0.1 port
 * 0: all that GitHub Copilot CLI (BYOK), OpenCode (an openai-compatible provider) and Qwen Code call.
 * A request offering the shell tool (`bash`, or `shellTool`) is the agent's main loop: it gets the script's step numbered by how many
 * assistant messages the conversation already holds (a retry gets the same answer). Anything else
 * (OpenCode's title call) gets a harmless text. `stream: true` is answered as SSE chunks ending in a
 * usage chunk (`stream_options.include_usage`) and `[DONE]`.
 */
export async function startFakeChatCompletions(script: ChatStep[], options: FakeChatOptions = {}): Promise<FakeChatCompletions> {
  const requests: ChatRequest[] = [];
  const describeBashArgs = options.describeBashArgs ?? ((command: string) => ({ command }));
  const shellTool = options.shellTool ?? 'bash';
  const server: TestServer = await startTestServer((request, response) => {
    const body = parseBody(request.body);
    const chat = (typeof body === 'object' && body !== null ? body : {}) as ChatBody;
    const path = request.url.split('?')[0] ?? '';
    if (options.models !== undefined && path.endsWith('/models')) {
      requests.push({ method: request.method, url: request.url, body, role: 'side' });
      const data = options.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' }));
      return reply(response, 200, JSON.stringify({ object: 'list', data }), { 'content-type': 'application/json' });
    }
    if (!path.endsWith('/chat/completions')) {
      requests.push({ method: request.method, url: request.url, body, role: 'side' });
      return reply(response, 404, JSON.stringify({ error: { message: `the fake serves only /v1/chat/completions, not ${path}` } }), { 'content-type': 'application/json' });
    }
    const main = (chat.tools ?? []).some((tool) => tool.function?.name === shellTool);
    requests.push({ method: request.method, url: request.url, body, role: main ? 'main' : 'side' });
    const step = main ? script[countAssistantMessages(chat)] : undefined;
    const answer = describeAnswer(step, requests.length, describeBashArgs, shellTool);
    if (chat.stream === true) streamAnswer(response, answer, chat.model ?? 'fake-model');
    else replyJson(response, answer, chat.model ?? 'fake-model');
  }, { path: '/v1' });
  return { url: server.url, requests, close: () => server.close() };
}

interface Answer {
  id: string;
  text?: string;
  call?: { id: string; name: string; arguments: string };
}

function describeAnswer(step: ChatStep | undefined, serial: number, describeBashArgs: (command: string) => Record<string, unknown>, shellTool: string): Answer {
  const id = `chatcmpl-fake-${serial}`;
  if (step !== undefined && 'bash' in step) return { id, call: { id: `call_fake_${serial}`, name: shellTool, arguments: JSON.stringify(describeBashArgs(step.bash)) } };
  if (step !== undefined && 'tool' in step) return { id, call: { id: `call_fake_${serial}`, name: step.tool, arguments: JSON.stringify(step.args) } };
  return { id, text: step?.text ?? FINAL_TEXT };
}

function countAssistantMessages(body: ChatBody): number {
  return (body.messages ?? []).filter((message) => message.role === 'assistant').length;
}

const USAGE = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };

function describeToolCall(call: NonNullable<Answer['call']>): Record<string, unknown> {
  return { index: 0, id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } };
}

function replyJson(response: ServerResponse, answer: Answer, model: string): void {
  const message = answer.call === undefined
    ? { role: 'assistant', content: answer.text }
    : { role: 'assistant', content: null, tool_calls: [describeToolCall(answer.call)] };
  const finish = answer.call === undefined ? 'stop' : 'tool_calls';
  const body = { id: answer.id, object: 'chat.completion', created: 0, model, choices: [{ index: 0, message, finish_reason: finish }], usage: USAGE };
  reply(response, 200, JSON.stringify(body), { 'content-type': 'application/json' });
}

/** Writes an answer as Chat Completions SSE: a role chunk, the content or tool call, the finish, the usage, `[DONE]`. */
function streamAnswer(response: ServerResponse, answer: Answer, model: string): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (choices: unknown[], extra: Record<string, unknown> = {}): void => {
    response.write(`data: ${JSON.stringify({ id: answer.id, object: 'chat.completion.chunk', created: 0, model, choices, ...extra })}\n\n`);
  };
  send([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
  if (answer.call === undefined) send([{ index: 0, delta: { content: answer.text }, finish_reason: null }]);
  else send([{ index: 0, delta: { tool_calls: [describeToolCall(answer.call)] }, finish_reason: null }]);
  send([{ index: 0, delta: {}, finish_reason: answer.call === undefined ? 'stop' : 'tool_calls' }]);
  send([], { usage: USAGE });
  response.write('data: [DONE]\n\n');
  response.end();
}

/** The text of a message's content: a string, or the text parts of a content array joined by newlines. */
export function readContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('\n');
}

/** The messages of the last main-loop request: the conversation as the model finally saw it. */
export function listLastMessages(requests: ChatRequest[]): ChatMessage[] {
  const last = requests.filter((request) => request.role === 'main').at(-1);
  return (last?.body as ChatBody | undefined)?.messages ?? [];
}

/** The `role: "tool"` results the model was finally shown, in order: what it saw of its tool calls. */
export function listToolResults(requests: ChatRequest[]): string[] {
  return listLastMessages(requests).filter((message) => message.role === 'tool').map((message) => readContent(message.content));
}

/** The messages after the first tool result, role and text: tool results and what the host added beside them. */
export function listMessagesAfterFirstTool(requests: ChatRequest[]): { role: string; text: string }[] {
  const messages = listLastMessages(requests);
  const first = messages.findIndex((message) => message.role === 'tool');
  return first < 0 ? [] : messages.slice(first).map((message) => ({ role: message.role, text: readContent(message.content) }));
}

/** Every text of every main-loop request's messages, one per line. */
export function collectShownText(requests: ChatRequest[]): string {
  return requests
    .filter((request) => request.role === 'main')
    .flatMap((request) => ((request.body as ChatBody).messages ?? []).map((message) => readContent(message.content)))
    .join('\n');
}
