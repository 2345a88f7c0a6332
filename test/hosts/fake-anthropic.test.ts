import { afterEach, describe, expect, it } from 'vitest';
import { FINAL_TEXT, startFakeAnthropic, type FakeAnthropic } from './fake-anthropic.js';

// The fake alone, without Claude Code: the paths real runs did not reach (side requests, JSON
// answers, count_tokens) and the step numbering a retried request relies on.

const fakes: FakeAnthropic[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function start(script: Parameters<typeof startFakeAnthropic>[0]): Promise<FakeAnthropic> {
  const fake = await startFakeAnthropic(script);
  fakes.push(fake);
  return fake;
}

async function post(fake: FakeAnthropic, path: string, body: unknown): Promise<Response> {
  return fetch(`${fake.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const BASH = [{ name: 'Bash', input_schema: {} }];
const user = { role: 'user', content: 'go' };
const assistant = { role: 'assistant', content: [{ type: 'text', text: 'earlier' }] };

describe('startFakeAnthropic', () => {
  it('answers the main loop with the step numbered by the assistant turns so far, then the final text', async () => {
    const fake = await start([{ bash: 'ls' }, { text: 'second' }]);
    const answers: { stop_reason: string; content: unknown }[] = [];
    for (const messages of [[user], [user, assistant, user], [user, assistant, user], [user, assistant, user, assistant, user]]) {
      answers.push((await (await post(fake, '/v1/messages', { model: 'm', tools: BASH, messages })).json()) as (typeof answers)[number]);
    }
    expect(answers.map((answer) => [answer.stop_reason, answer.content])).toEqual([
      ['tool_use', [{ type: 'tool_use', id: 'toolu_fake_1', name: 'Bash', input: { command: 'ls', description: 'scripted command' } }]],
      ['end_turn', [{ type: 'text', text: 'second' }]],
      ['end_turn', [{ type: 'text', text: 'second' }]],
      ['end_turn', [{ type: 'text', text: FINAL_TEXT }]],
    ]);
    expect(fake.requests.map((request) => request.role)).toEqual(['main', 'main', 'main', 'main']);
  });

  it('answers side requests harmlessly and records them', async () => {
    const fake = await start([{ bash: 'rm -rf /' }]);
    const side = await (await post(fake, '/v1/messages?beta=true', { model: 'haiku', messages: [user] })).json();
    const tokens = await (await post(fake, '/v1/messages/count_tokens', { messages: [user] })).json();
    const other = await post(fake, '/api/hello', {});
    expect(side).toMatchObject({ type: 'message', role: 'assistant', model: 'haiku', content: [{ type: 'text', text: FINAL_TEXT }] });
    expect(tokens).toEqual({ input_tokens: 1 });
    expect(other.status).toBe(200);
    expect(fake.requests.map((request) => [request.role, request.url])).toEqual([
      ['side', '/v1/messages?beta=true'],
      ['side', '/v1/messages/count_tokens'],
      ['side', '/api/hello'],
    ]);
    expect(fake.requests[0]?.body).toEqual({ model: 'haiku', messages: [user] });
  });

  it('streams as server-sent events whose deltas rebuild the message', async () => {
    const fake = await start([{ bash: 'echo "hi"' }]);
    const response = await post(fake, '/v1/messages', { model: 'm', tools: BASH, messages: [user], stream: true });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter(Boolean)
      .map((frame) => {
        const [event, data] = frame.split('\n');
        return { event: event?.replace('event: ', ''), data: JSON.parse(data?.replace('data: ', '') ?? '') };
      });
    expect(events.map((frame) => frame.event)).toEqual([
      'message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop',
    ]);
    expect(events.every((frame) => frame.data.type === frame.event)).toBe(true);
    expect(JSON.parse(events[2]?.data.delta.partial_json)).toEqual({ command: 'echo "hi"', description: 'scripted command' });
    expect(events[4]?.data.delta.stop_reason).toBe('tool_use');
  });
});
