import { HOOKWIRE_BIN } from './claude-settings.js';

/** Copilot CLI's camelCase events, as `hookwire init --host copilot` wires them. */
export const COPILOT_EVENTS = ['sessionStart', 'userPromptSubmitted', 'preToolUse', 'postToolUse', 'agentStop', 'subagentStart', 'subagentStop'] as const;

/**
 * A `.github/hooks/*.json` that makes the checkout's built `hookwire run --dialect copilot` the only
 * hook, one flat handler per event (as init writes it, with the checkout's bin in place of the
 * project's `node_modules/.bin/hookwire`), reading `<project>/<config>`.
 */
export function describeCopilotBridgeHooks(config = '.hookwire.json', budgetSec = 20): { version: 1; hooks: Record<string, unknown[]> } {
  const handler = (event: string) => ({
    type: 'command',
    bash: `node ${JSON.stringify(HOOKWIRE_BIN)} run --dialect copilot --event ${event} --config "$COPILOT_PROJECT_DIR"/${config} --budget ${budgetSec}`,
    timeoutSec: budgetSec + 10,
  });
  return { version: 1, hooks: Object.fromEntries(COPILOT_EVENTS.map((event) => [event, [handler(event)]])) };
}
