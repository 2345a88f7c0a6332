import { isRecord, runsTheBridge } from '@hookwire/contract';
import type { HostProfile } from '../hosts.js';

/** One hook of a settings file that runs the bridge: the event it is on and the command line the host runs. */
export interface BridgeEntry {
  event: string;
  command: string;
}

/** A handler's command line: the host's field (`command`; Copilot CLI: `bash`, or its cross-platform `command`), for a command handler (`type` may be left out in flat files). */
function readCommand(hook: unknown, host: HostProfile): string | undefined {
  if (!isRecord(hook) || (hook.type !== undefined && hook.type !== 'command')) return undefined;
  for (const field of [host.commandField ?? 'command', 'command']) if (typeof hook[field] === 'string') return hook[field] as string;
  return undefined;
}

/**
 * Every hook of a host settings object that runs `hookwire run`, however it was written (init's
 * command, npx, a path to the bin): grouped entries (`{matcher, hooks: [...]}`) and flat handlers
 * are both read, since Copilot CLI takes either.
 */
export function listBridgeEntries(settings: unknown, host: HostProfile): BridgeEntry[] {
  if (!isRecord(settings) || !isRecord(settings.hooks)) return [];
  const found: BridgeEntry[] = [];
  for (const [event, entries] of Object.entries(settings.hooks)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      const handlers = isRecord(entry) && Array.isArray(entry.hooks) ? entry.hooks : [entry];
      for (const handler of handlers) {
        const command = readCommand(handler, host);
        if (command !== undefined && runsTheBridge(command)) found.push({ event, command });
      }
    }
  }
  return found;
}
