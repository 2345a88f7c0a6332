#!/usr/bin/env node
// A tool:after hook: flags a tool result that looks like it contains a secret. It answers
// decision "block" (hookwire downgrades it on tool:after, which is not blockable, and keeps it as
// rawDecision/rawReason) plus additionalContext telling the agent what to do.

const PATTERNS = [
  { name: 'an AWS access key id', pattern: /\b(AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: 'a private key', pattern: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/ },
  { name: 'a GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/ },
];

let input = '';
for await (const chunk of process.stdin) input += chunk;

let payload;
try {
  payload = JSON.parse(input);
} catch {
  process.stderr.write('scan-secrets: the payload on stdin is not JSON\n');
  process.exit(1);
}

const response = payload.tool_response;
const text = typeof response === 'string' ? response : JSON.stringify(response ?? '');
const found = PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
if (found.length > 0) {
  const what = found.join(' and ');
  process.stdout.write(
    `${JSON.stringify({
      decision: 'block',
      reason: `the ${payload.tool_name ?? 'tool'} output contains ${what}`,
      hookSpecificOutput: {
        hookEventName: payload.hook_event_name ?? 'PostToolUse',
        additionalContext: `The last tool output contains ${what}. Do not repeat it, write it to a file or send it anywhere; tell the user to rotate it.`,
      },
    })}\n`,
  );
}
