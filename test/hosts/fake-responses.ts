import { startTestServer, type TestServer } from '@hookwire/test-utils';
import { FINAL_TEXT, type RecordedRequest, type ScriptStep } from './fake-anthropic.js';
import { openEventStream, parseBody, replyJson, type FakeModelApi } from './fake-http.js';

/** The fake; its `url` is the base URL for a Codex `model_providers.<id>.base_url` (it ends in `/v1`). */
export type FakeResponses = FakeModelApi;

/** Codex's shell tool (unified exec): the one a main-loop request offers and the script's `bash` steps call. */
export const CODEX_SHELL_TOOL = 'exec_command';

interface InputItem {
  type?: string;
  role?: string;
  content?: { type?: string; text?: string }[] | string;
  call_id?: string;
  output?: unknown;
}

interface ResponsesBody {
  input?: InputItem[];
  tools?: { type?: string; name?: string }[];
}

/** Codex's patch tool: offered (to a model its catalog says takes it, such as `gpt-5.5`) as a freeform tool whose input is the patch text. */
export const CODEX_PATCH_TOOL = 'apply_patch';

/**
 * Starts a fake of the OpenAI Responses API (`POST /v1/responses`, streamed as SSE, the way Codex
 * calls it with `wire_api = "responses"`) on 127.0.0.1 port 0. A request that offers `exec_command`
 * is the agent's main loop: it gets the script's step numbered by how many assistant outputs (function
 * calls and messages) the input already holds, so a retry gets the same answer. Anything else gets a
 * harmless text.
 */
export async function startFakeResponses(script: ScriptStep[]): Promise<FakeResponses> {
  const requests: RecordedRequest[] = [];
  const server: TestServer = await startTestServer((request, response) => {
    const body = parseBody(request.body);
    const responses = body as ResponsesBody;
    if (!(request.url.split('?')[0] ?? '').endsWith('/responses')) {
      requests.push({ method: request.method, url: request.url, body, role: 'side' });
      return replyJson(response, {});
    }
    const main = (responses.tools ?? []).some((tool) => tool.name === CODEX_SHELL_TOOL);
    requests.push({ method: request.method, url: request.url, body, role: main ? 'main' : 'side' });
    const serial = requests.length;
    const step = main ? script[countAssistantOutputs(responses)] : undefined;
    const item = describeItem(step, serial);
    const id = `resp_fake_${serial}`;
    const send = openEventStream(response);
    send({ type: 'response.created', response: { id } }, 'response.created');
    send({ type: 'response.output_item.added', output_index: 0, item }, 'response.output_item.added');
    send({ type: 'response.output_item.done', output_index: 0, item }, 'response.output_item.done');
    send({ type: 'response.completed', response: { id, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } }, 'response.completed');
    response.end();
  }, { path: '/v1' });
  return {
    url: server.url,
    requests,
    close: () => server.close(),
  };
}

/**
 * The output item of one step: a `bash` step calls `exec_command`; a `tool` step a function tool
 * with its input as the arguments, except `apply_patch`, a freeform (custom) tool whose input is
 * the text of `input.patch`; anything else is an assistant message.
 */
function describeItem(step: ScriptStep | undefined, serial: number): Record<string, unknown> {
  if (step !== undefined && 'bash' in step) {
    return { type: 'function_call', id: `fc_fake_${serial}`, call_id: `call_fake_${serial}`, name: CODEX_SHELL_TOOL, arguments: JSON.stringify({ cmd: step.bash }), status: 'completed' };
  }
  if (step !== undefined && 'tool' in step && step.tool === CODEX_PATCH_TOOL) {
    return { type: 'custom_tool_call', id: `ctc_fake_${serial}`, call_id: `call_fake_${serial}`, name: CODEX_PATCH_TOOL, input: String(step.input.patch), status: 'completed' };
  }
  if (step !== undefined && 'tool' in step) {
    return { type: 'function_call', id: `fc_fake_${serial}`, call_id: `call_fake_${serial}`, name: step.tool, arguments: JSON.stringify(step.input), status: 'completed' };
  }
  return { type: 'message', role: 'assistant', id: `msg_fake_${serial}`, status: 'completed', content: [{ type: 'output_text', text: step !== undefined && 'text' in step ? step.text : FINAL_TEXT, annotations: [] }] };
}

function countAssistantOutputs(body: ResponsesBody): number {
  return (body.input ?? []).filter((item) => item.type === 'function_call' || item.type === 'custom_tool_call' || (item.type === 'message' && item.role === 'assistant')).length;
}

/** A tool output the model was shown: the call it answers and its text. */
export interface ShownFunctionOutput {
  callId: string;
  output: string;
}

/** The function (and custom tool) call outputs in the last main-loop request: what the model was finally shown of its tools. */
export function listFunctionOutputs(requests: RecordedRequest[]): ShownFunctionOutput[] {
  const last = requests.filter((request) => request.role === 'main').at(-1);
  return ((last?.body as ResponsesBody | undefined)?.input ?? [])
    .filter((item) => item.type === 'function_call_output' || item.type === 'custom_tool_call_output')
    .map((item) => ({ callId: item.call_id ?? '', output: typeof item.output === 'string' ? item.output : JSON.stringify(item.output) }));
}

/** The messages of one role (`developer`, `user`, ...) in the last main-loop request, their texts joined. */
export function listMessages(requests: RecordedRequest[], role: string): string[] {
  const last = requests.filter((request) => request.role === 'main').at(-1);
  return ((last?.body as ResponsesBody | undefined)?.input ?? [])
    .filter((item) => item.type === 'message' && item.role === role)
    .map((item) => collectItemText(item));
}

/** Every text of every main-loop request — messages of every role and tool outputs — one per line. */
export function collectShownText(requests: RecordedRequest[]): string {
  return requests
    .filter((request) => request.role === 'main')
    .flatMap((request) => ((request.body as ResponsesBody).input ?? []).map((item) => collectItemText(item)))
    .join('\n');
}

function collectItemText(item: InputItem): string {
  if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') return typeof item.output === 'string' ? item.output : JSON.stringify(item.output);
  if (typeof item.content === 'string') return item.content;
  return (item.content ?? []).map((part) => part.text ?? '').join('\n');
}
