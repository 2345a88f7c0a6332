import { startTestServer, type TestServer } from '@hookwire/test-utils';
import { FINAL_TEXT, type RecordedRequest, type ScriptStep } from './fake-anthropic.js';
import { openEventStream, parseBody, replyJson, type FakeModelApi } from './fake-http.js';

/** The fake; its `url` is the base URL for `GOOGLE_GEMINI_BASE_URL`. */
export type FakeGemini = FakeModelApi;

/** Gemini CLI's shell tool: the one a main-loop request offers and the script's `bash` steps call. */
export const GEMINI_SHELL_TOOL = 'run_shell_command';

interface Part {
  text?: string;
  functionCall?: { name?: string; args?: unknown };
  functionResponse?: { name?: string; response?: unknown };
}

interface GenerateContentBody {
  contents?: { role?: string; parts?: Part[] }[];
  systemInstruction?: { parts?: Part[] };
  tools?: { functionDeclarations?: { name?: string }[] }[];
}

/**
 * Starts a fake of the Gemini API (`/v1beta/models/<model>:generateContent`, `:streamGenerateContent`
 * with `alt=sse`, `:countTokens`) on 127.0.0.1 port 0. A request that offers `run_shell_command` is the
 * agent's main loop: it gets the script's step numbered by how many model turns the conversation
 * already holds (so a retry gets the same answer). Anything else gets a harmless text.
 */
export async function startFakeGemini(script: ScriptStep[]): Promise<FakeGemini> {
  const requests: RecordedRequest[] = [];
  const server: TestServer = await startTestServer((request, response) => {
    const body = parseBody(request.body);
    const generate = body as GenerateContentBody;
    const [path = '', query = ''] = request.url.split('?');
    if (path.endsWith(':countTokens')) {
      requests.push({ method: request.method, url: request.url, body, role: 'side' });
      return replyJson(response, { totalTokens: 1 });
    }
    if (!path.endsWith(':generateContent') && !path.endsWith(':streamGenerateContent')) {
      requests.push({ method: request.method, url: request.url, body, role: 'side' });
      return replyJson(response, {});
    }
    const main = (generate.tools ?? []).some((tool) => (tool.functionDeclarations ?? []).some((declaration) => declaration.name === GEMINI_SHELL_TOOL));
    requests.push({ method: request.method, url: request.url, body, role: main ? 'main' : 'side' });
    const step = main ? script[countModelTurns(generate)] : undefined;
    const answer = {
      candidates: [{ content: { role: 'model', parts: [describePart(step)] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
      modelVersion: 'gemini-fake',
    };
    if (new URLSearchParams(query).get('alt') === 'sse') {
      openEventStream(response)(answer);
      response.end();
    } else replyJson(response, answer);
  }, { path: '' });
  return {
    url: server.url,
    requests,
    close: () => server.close(),
  };
}

function describePart(step: ScriptStep | undefined): Part {
  if (step !== undefined && 'bash' in step) return { functionCall: { name: GEMINI_SHELL_TOOL, args: { command: step.bash } } };
  if (step !== undefined && 'tool' in step) return { functionCall: { name: step.tool, args: step.input } };
  return { text: step !== undefined && 'text' in step ? step.text : FINAL_TEXT };
}

function countModelTurns(body: GenerateContentBody): number {
  return (body.contents ?? []).filter((content) => content.role === 'model').length;
}

/** A function response the model was shown: the tool's name and its `response` object (`output` or `error`). */
export interface ShownFunctionResponse {
  name: string;
  response: Record<string, unknown>;
}

/** The function responses in the last main-loop request: what the model was finally shown of its tools. */
export function listFunctionResponses(requests: RecordedRequest[]): ShownFunctionResponse[] {
  const last = requests.filter((request) => request.role === 'main').at(-1);
  return ((last?.body as GenerateContentBody | undefined)?.contents ?? []).flatMap((content) =>
    (content.parts ?? []).flatMap((part) =>
      part.functionResponse === undefined ? [] : [{ name: part.functionResponse.name ?? '', response: (part.functionResponse.response ?? {}) as Record<string, unknown> }],
    ),
  );
}

/** Every text of every main-loop request — system instruction, contents, function responses — one per line. */
export function collectShownText(requests: RecordedRequest[]): string {
  return requests
    .filter((request) => request.role === 'main')
    .flatMap((request) => {
      const body = request.body as GenerateContentBody;
      const parts = [...(body.systemInstruction?.parts ?? []), ...(body.contents ?? []).flatMap((content) => content.parts ?? [])];
      return parts.map((part) => part.text ?? (part.functionResponse === undefined ? '' : JSON.stringify(part.functionResponse.response)));
    })
    .join('\n');
}
