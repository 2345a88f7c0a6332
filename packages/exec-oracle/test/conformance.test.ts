import { describeExecutorConformance } from '../../../test/conformance/executor-suite.js';
import { createOracleExecutor, type OracleHook } from '../src/index.js';
import { reply, startTestServer } from '@hookwire/test-utils';

function completion(content: string): string {
  return JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
}

describeExecutorConformance<OracleHook>('exec-oracle', async () => {
  const server = await startTestServer((request, response) => {
    const model = (JSON.parse(request.body) as { model: string }).model;
    if (model === 'allow') reply(response, 200, completion('{"ok":true}'));
    else if (model === 'deny') reply(response, 200, completion('{"ok":false,"reason":"denied by the conformance judge"}'));
    else if (model === 'failing') reply(response, 200, completion('I think it is fine.'));
  }, { path: '/v1' });
  const hook = (model: string): OracleHook => ({ prompt: 'Is this safe? $ARGUMENTS', llm: { baseUrl: server.url, model } });
  return {
    executor: createOracleExecutor(),
    hooks: { allow: hook('allow'), deny: hook('deny'), hang: hook('hang'), failing: hook('failing') },
    failingClass: 'parse',
    cleanup: () => server.close(),
  };
});
