// A chat message as far as the mock reads it.
export interface ChatMessage {
  readonly role: string;
  readonly content?: unknown;
}

// The fields of a chat completion request the mock reads.
export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
}

export type ParsedChatRequest =
  | { readonly ok: true; readonly request: ChatRequest }
  | { readonly ok: false; readonly message: string; readonly param: string | null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function checkContent(content: unknown, path: string): string | undefined {
  if (content === undefined || content === null || typeof content === 'string') return undefined;
  if (!Array.isArray(content)) return `${path}: expected a string, an array of content parts or null, received ${describe(content)}`;
  for (const [index, part] of content.entries()) {
    if (!isRecord(part) || typeof part.type !== 'string') {
      return `${path}[${index}]: expected a content part object with a string "type", received ${describe(part)}`;
    }
    if (part.type === 'text' && typeof part.text !== 'string') {
      return `${path}[${index}].text: expected a string, received ${describe(part.text)}`;
    }
  }
  return undefined;
}

function checkMessages(messages: unknown): { message: string; param: string } | undefined {
  if (!Array.isArray(messages)) {
    return { message: `messages: expected an array of messages, received ${describe(messages)}`, param: 'messages' };
  }
  if (messages.length === 0) return { message: 'messages: expected at least one message, received an empty array', param: 'messages' };
  for (const [index, message] of messages.entries()) {
    const param = `messages[${index}]`;
    if (!isRecord(message)) return { message: `${param}: expected a message object, received ${describe(message)}`, param };
    if (typeof message.role !== 'string') return { message: `${param}.role: expected a string, received ${describe(message.role)}`, param: `${param}.role` };
    const problem = checkContent(message.content, `${param}.content`);
    if (problem !== undefined) return { message: problem, param: `${param}.content` };
  }
  return undefined;
}

export type ParsedJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

// Parses a request body as JSON; never throws.
export function parseJsonBody(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The request body is not valid JSON: ${reason}` };
  }
}

// Checks a parsed body against the parts of the chat completion request shape the mock relies on.
export function checkChatRequest(body: unknown): ParsedChatRequest {
  if (!isRecord(body)) return { ok: false, message: `The request body must be a JSON object, received ${describe(body)}`, param: null };
  if (typeof body.model !== 'string') {
    return { ok: false, message: `model: expected a string, received ${describe(body.model)}`, param: 'model' };
  }
  const problem = checkMessages(body.messages);
  if (problem !== undefined) return { ok: false, ...problem };
  if (body.stream === true) return { ok: false, message: 'stream: streamed answers are not supported by the mock; send stream: false or leave it out', param: 'stream' };
  return { ok: true, request: { model: body.model, messages: body.messages as ChatMessage[] } };
}

// Parses and checks the text of a chat completion request body; never throws.
export function parseChatRequest(text: string): ParsedChatRequest {
  const json = parseJsonBody(text);
  return json.ok ? checkChatRequest(json.value) : { ok: false, message: json.message, param: null };
}
