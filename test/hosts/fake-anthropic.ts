import type { ServerResponse } from 'node:http';
import { startTestServer, type TestServer } from '@hookwire/test-utils';
import { openEventStream, parseBody, replyJson } from './fake-http.js';

/** One answer of the scripted model: run a Bash command, call another tool (Read, Write, ...) with its input, or say something and end the turn. */
export type ScriptStep = { bash: string } | { tool: string; input: Record<string, unknown> } | { text: string };

/** A request the fake received, its body parsed when it was JSON. */
export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  /** Whether the fake answered it from the script (the agent's main loop) or as a side request. */
  role: 'main' | 'side';
}

export interface FakeAnthropic {
  /** The base URL for `ANTHROPIC_BASE_URL`. */
  url: string;
  /** Every request, in arrival order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The text the fake says when the script has no step left, and on every side request. */
export const FINAL_TEXT = 'Done.';

interface MessagesBody {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
  tools?: { name?: string }[];
}

/**
 * Starts a fake of the Anthropic Messages API on 127.0.0.1 port 0. A request that offers the Bash
 * tool is the agent's main loop: it gets the script's step numbered by how many assistant turns the
 * conversation already holds (so a retry gets the same answer). Anything else — title generation,
 * count_tokens, other models — gets a harmless text. Streaming (`stream: true`) is answered as SSE.
 */
export async function startFakeAnthropic(script: ScriptStep[]): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  const server: TestServer = await startTestServer((request, response) => {
    const body = parseBody(request.body);
    const messages = body as MessagesBody;
    const path = request.url.split('?')[0] ?? '';
    if (path.endsWith('/count_tokens')) {
      requests.push({ method: request.method, url: request.url, body, role: 'side' });
      return replyJson(response, { input_tokens: 1 });
    }
    if (!path.endsWith('/v1/messages')) {
      requests.push({ method: request.method, url: request.url, body, role: 'side' });
      return replyJson(response, {});
    }
    const main = Array.isArray(messages.tools) && messages.tools.some((tool) => tool.name === 'Bash');
    requests.push({ method: request.method, url: request.url, body, role: main ? 'main' : 'side' });
    const step = main ? script[countAssistantTurns(messages)] : undefined;
    const content = describeContent(step, requests.length);
    const message = {
      id: `msg_fake_${requests.length}`,
      type: 'message',
      role: 'assistant',
      model: messages.model ?? 'claude-fake',
      content,
      stop_reason: content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    };
    if (messages.stream === true) streamMessage(response, message);
    else replyJson(response, message);
  }, { path: '' });
  return {
    url: server.url,
    requests,
    close: () => server.close(),
  };
}

type ContentBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

function describeContent(step: ScriptStep | undefined, serial: number): ContentBlock[] {
  if (step !== undefined && 'bash' in step) {
    return [{ type: 'tool_use', id: `toolu_fake_${serial}`, name: 'Bash', input: { command: step.bash, description: 'scripted command' } }];
  }
  if (step !== undefined && 'tool' in step) return [{ type: 'tool_use', id: `toolu_fake_${serial}`, name: step.tool, input: step.input }];
  return [{ type: 'text', text: step?.text ?? FINAL_TEXT }];
}

function countAssistantTurns(body: MessagesBody): number {
  return (body.messages ?? []).filter((message) => message.role === 'assistant').length;
}

/** Writes a message as the Messages API's server-sent events: start, each block, delta, stop. */
function streamMessage(response: ServerResponse, message: { content: ContentBlock[]; stop_reason: string } & Record<string, unknown>): void {
  const frame = openEventStream(response);
  const send = (event: string, data: unknown): void => frame(data, event);
  send('message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null } });
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    } else {
      send('content_block_start', { type: 'content_block_start', index, content_block: { ...block, input: {} } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    }
    send('content_block_stop', { type: 'content_block_stop', index });
  });
  send('message_delta', { type: 'message_delta', delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: { output_tokens: 1 } });
  send('message_stop', { type: 'message_stop' });
  response.end();
}

/** A tool result the model was shown: its text (blocks joined) and whether Claude Code marked it an error. */
export interface ShownToolResult {
  toolUseId: string;
  text: string;
  isError: boolean;
}

interface ContentItem {
  type?: string;
  text?: string;
  content?: unknown;
  tool_use_id?: string;
  is_error?: boolean;
}

/** The tool results in the last main-loop request: what the model was finally shown of its tools. */
export function listToolResults(requests: RecordedRequest[]): ShownToolResult[] {
  const last = requests.filter((request) => request.role === 'main').at(-1);
  const messages = (last?.body as MessagesBody | undefined)?.messages ?? [];
  return messages.flatMap((message) =>
    listItems(message.content)
      .filter((item) => item.type === 'tool_result')
      .map((item) => ({ toolUseId: item.tool_use_id ?? '', text: collectText(item.content), isError: item.is_error === true })),
  );
}

/** Every text of every main-loop request — system prompt, messages, tool results — one per line. */
export function collectShownText(requests: RecordedRequest[]): string {
  return requests
    .filter((request) => request.role === 'main')
    .flatMap((request) => {
      const body = request.body as MessagesBody & { system?: unknown };
      return [collectText(body.system), ...(body.messages ?? []).map((message) => collectText(message.content))];
    })
    .join('\n');
}

function listItems(content: unknown): ContentItem[] {
  return Array.isArray(content) ? (content as ContentItem[]) : [];
}

function collectText(content: unknown): string {
  if (typeof content === 'string') return content;
  return listItems(content)
    .map((item) => (item.type === 'tool_result' ? collectText(item.content) : (item.text ?? '')))
    .join('\n');
}
