import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../events.js';
import type { HandlerResult, ProcessEnd } from '../handler-answer.js';
import type { Capabilities } from './capabilities.js';
import type { ToolTable } from './tools.js';

/** What a one-shot bridge answers its host: an exit code and the exact stdout, and what the host could not be told. */
export interface BridgeResponse {
  exitCode: number;
  stdout: string;
  /** What goes to stderr, for a host that reads a block's reason there (Letta Code); absent for the others. */
  stderr?: string;
  /**
   * What the folded outcome said that this host cannot express, each as one sentence naming the
   * rule applied (docs/hosts.md, "Downgrades"). Absent when nothing was downgraded.
   */
  downgrades?: string[];
}

export interface RenderOutcomeOptions {
  /** Render an `allow` where the host would read it as a permission grant (Claude Code: it skips the host's own prompt). */
  passAllow: boolean;
  /** The host's own name of the event being answered, when it has several (Cursor's `beforeShellExecution`, Copilot's `PreToolUse`). */
  eventName?: string;
}

/** A host payload read into the canonical form: the event, its name as the host gave it, and the payload in Claude Code's field names and tool vocabulary. */
export interface PayloadRead {
  event: CanonicalEvent;
  eventName: string;
  payload: Record<string, unknown>;
}

/** How a hook's process ended and what it wrote: what a dialect reads its answer from. */
export interface AnswerInput {
  end: ProcessEnd;
  stdout: string;
  stderr: string;
  /** The triggering event's name in the hook's dialect. */
  eventName: string;
  /** The canonical event, when known (the name alone may be ambiguous across dialects, never within one). */
  event?: CanonicalEvent;
  stdoutTruncated?: boolean;
  /** An exit-0 JSON object with an `ok` field is read as an oracle answer (proxy handlers). */
  acceptOracleForm?: boolean;
}

/**
 * One host's hook dialect: data (event names, tool names, capabilities) and small pure functions
 * between the host's forms and the canonical ones. No function of a dialect throws, whatever it is given.
 */
export interface Dialect {
  readonly name: string;
  /** The host, as a user knows it ("Gemini CLI"). */
  readonly host: string;
  /** The dialect's (first) name of each canonical event it has; an event it lacks has none. */
  readonly events: Readonly<Partial<Record<CanonicalEvent, string>>>;
  /** Further host names of canonical events (Cursor's `beforeShellExecution`, Copilot's PascalCase names). */
  readonly aliases: Readonly<Record<string, CanonicalEvent>>;
  /** The host's tool names and input shapes against the canonical (Claude Code) ones. */
  readonly tools: ToolTable;
  /** What the host can do with a hook's answer, per event it has. */
  readonly capabilities: Readonly<Partial<Record<CanonicalEvent, Capabilities>>>;
  /**
   * Set for a host that hooks only one or two events by design (Crush: PreToolUse only): `hookwire
   * check` does not warn, hook by hook, that every other event never fires there; `init` says it once.
   */
  readonly fewEvents?: boolean;
  /** The payload's trailing newline: Claude Code and hookwire send one; Gemini CLI, Codex and Copilot CLI none. */
  readonly newline: boolean;
  /** Reads a payload as this host sends it; `eventName` is the host's name of the event when the payload does not say it (Copilot's camelCase mode). Undefined for events the dialect does not map. */
  readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined;
  /** Renders a normalised (canonical) payload for a hook of this dialect. */
  render(event: CanonicalEvent, payload: Record<string, unknown>, now?: Date): string;
  /** Reads a hook's answer in this dialect (exit code and output, as this host means them). */
  readAnswer(input: AnswerInput): HandlerResult;
  /** Writes a folded outcome back in the host's hook response form, for a bridge and for `serve`. */
  renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse;
}
