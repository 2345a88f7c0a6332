#!/usr/bin/env node
// Starts the mock LLM of @hookwire/mock-llm from the built workspace package:
//   node examples/mock-llm.mjs --port 8765
// then configure hookwire with  "llm": { "baseUrl": "http://127.0.0.1:8765/v1", "model": "mock" }.
// It answers {"ok":false,"reason":"mock denied"} when a user message contains DENY, else {"ok":true}.

let runMockLlmCli;
try {
  ({ runMockLlmCli } = await import('../packages/mock-llm/lib/index.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write('mock-llm: packages/mock-llm/lib is missing; build the workspace first (pnpm build).\n');
  process.exit(1);
}

process.exitCode = await runMockLlmCli(process.argv.slice(2));
