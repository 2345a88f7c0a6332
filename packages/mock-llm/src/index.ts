export { startMockLlm, MOCK_LLM_LISTEN_FAILED } from './start-mock-llm.js';
export type { MockLlm, MockLlmOptions } from './start-mock-llm.js';
export type { MockLlmRequest } from './answer-request.js';
export { runMockLlmCli } from './run-mock-llm-cli.js';
