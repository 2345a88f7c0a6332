import { describeExecutorConformance } from '../../../test/conformance/executor-suite.js';
import { createHttpExecutor, type HttpHook } from '../src/index.js';
import { reply, startTestServer } from '@hookwire/test-utils';

describeExecutorConformance<HttpHook>('exec-http', async () => {
  const server = await startTestServer((request, response) => {
    if (request.url === '/allow') reply(response, 200, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}');
    else if (request.url === '/deny') reply(response, 200, '{"decision":"block","reason":"denied by the conformance webhook"}');
    else if (request.url === '/failing') reply(response, 500, 'internal error');
  });
  const base = `http://127.0.0.1:${server.port}`;
  return {
    executor: createHttpExecutor(),
    hooks: { allow: { url: `${base}/allow` }, deny: { url: `${base}/deny` }, hang: { url: `${base}/hang` }, failing: { url: `${base}/failing` } },
    failingClass: 'http',
    cleanup: () => server.close(),
  };
});
