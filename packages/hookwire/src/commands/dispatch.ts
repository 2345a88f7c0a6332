// `fs.promises` read where used: `node:fs/promises` costs every other command ~1 ms to load.
import { promises as fs } from 'node:fs';
import { resolveEvent } from '@hookwire/contract';
import { createRuntime } from '@hookwire/runtime';
import { CommandUsageError, ORG_CONFIG_FLAGS, ORG_CONFIG_USAGE, type Command } from '../command.js';
import { configLayersOf } from '../config-flag.js';
import { formatRuns } from '../format.js';
import { escapeTerminal } from '../terminal-text.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The event to dispatch: `--event`, else the payload's `hook_event_name`. When both are given they
 * must name the same event (in any dialect), or the command refuses rather than dispatch the wrong one.
 */
export function chooseDispatchEvent(flag: string | undefined, payload: unknown): { ok: true; event: string } | { ok: false; message: string } {
  const named = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>).hook_event_name : undefined;
  if (flag === undefined) {
    if (named === undefined) return { ok: false, message: 'needs --event NAME, or a payload with hook_event_name' };
    if (resolveEvent(named) === undefined) {
      return { ok: false, message: `the payload's hook_event_name ${JSON.stringify(named)} is not an event hookwire handles; give --event NAME` };
    }
    return { ok: true, event: named as string };
  }
  if (named !== undefined && resolveEvent(flag) !== undefined && resolveEvent(named)?.canonical !== resolveEvent(flag)?.canonical) {
    return { ok: false, message: `--event ${flag} does not match the payload's hook_event_name ${JSON.stringify(named)}; drop --event or fix one of them` };
  }
  return { ok: true, event: flag };
}

/** `hookwire dispatch`: one dispatch, printed as the outcome and a table of the runs. */
export const dispatchCommand: Command = {
  name: 'dispatch',
  usage: `hookwire dispatch [--config FILE ...] ${ORG_CONFIG_USAGE} [--event NAME] [--payload FILE|-] [--subject S] [--cwd DIR] [--json] [--observe]`,
  summary: "run one dispatch and print the outcome and a table of the runs (the event defaults to the payload's hook_event_name)",
  options: {
    config: { type: 'string', multiple: true },
    ...ORG_CONFIG_FLAGS,
    event: { type: 'string' },
    payload: { type: 'string' },
    subject: { type: 'string' },
    cwd: { type: 'string' },
    json: { type: 'boolean' },
    observe: { type: 'boolean' },
  },
  async run(values, { logger }) {
    const { configPaths, orgConfigPaths } = configLayersOf(values, dispatchCommand);
    const source = typeof values.payload === 'string' ? values.payload : '-';
    let payload: unknown;
    try {
      payload = JSON.parse(source === '-' ? await readStdin() : await fs.readFile(source, 'utf8'));
    } catch (error) {
      throw new CommandUsageError(`hookwire dispatch: cannot read the payload from ${source === '-' ? 'stdin' : source}: ${(error as Error).message}`, dispatchCommand.usage, { cause: error });
    }
    const event = chooseDispatchEvent(values.event as string | undefined, payload);
    if (!event.ok) throw new CommandUsageError(`hookwire dispatch: ${event.message}`, dispatchCommand.usage);
    const runtime = await createRuntime({ configPath: configPaths, ...(orgConfigPaths.length > 0 ? { orgConfigPath: orgConfigPaths } : {}), logger, observe: values.observe === true });
    try {
      const result = await runtime.dispatch(event.event, payload, {
        ...(typeof values.subject === 'string' ? { subject: values.subject } : {}),
        ...(typeof values.cwd === 'string' ? { cwd: values.cwd } : {}),
      });
      // JSON.stringify escapes C0 controls, not C1 or bidi marks: the text printed is made terminal-safe (still the same JSON).
      const outcome = escapeTerminal(JSON.stringify(values.json ? result : result.outcome, null, 2), { keepNewlines: true });
      process.stdout.write(values.json ? `${outcome}\n` : `${outcome}\n\n${formatRuns(result.runs)}`);
      return 0;
    } finally {
      await runtime.close();
    }
  },
};
