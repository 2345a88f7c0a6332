import { z } from 'zod';
import { CANONICAL_EVENT_NAMES } from '../events.js';
import { DiagnosticSchema } from '../config/diagnostic-schema.js';
import { FAILURE_CLASSES } from '../handler-result.js';

/**
 * The wire shapes of the hookwire protocol (ARCHITECTURE §9), spoken on stdio by `hookwire listen`
 * and over HTTP by `hookwire serve`. Requests are strict about the fields the protocol names and
 * let others through (additive extensions); the fast parser `parseRequest` agrees with them.
 */

/** The protocol version this page describes; `ping` answers carry it. */
export const PROTOCOL_VERSION = 1;

/** A request id: a string or a finite number, echoed by the response. */
export const RequestIdSchema = z.union([z.string(), z.number().refine(Number.isFinite, 'id must be finite')]);

const withId = { id: RequestIdSchema.optional() };

export const PingRequestSchema = z.looseObject({ op: z.literal('ping'), ...withId });
export const ReloadRequestSchema = z.looseObject({ op: z.literal('reload'), ...withId });
export const ByeRequestSchema = z.looseObject({ op: z.literal('bye'), ...withId });
export const CancelRequestSchema = z.looseObject({ op: z.literal('cancel'), target: RequestIdSchema, ...withId });

/** The body of a dispatch: the event (a canonical or a host name), its payload, and optional subject and working directory. */
export const DispatchBodySchema = z.looseObject({
  event: z.string(),
  payload: z.record(z.string(), z.unknown()).optional(),
  subject: z.string().optional(),
  cwd: z.string().optional(),
});

export const DispatchRequestSchema = z.looseObject({ op: z.literal('dispatch'), ...withId, ...DispatchBodySchema.shape });

/** Any request line. */
export const RequestSchema = z.discriminatedUnion('op', [
  PingRequestSchema,
  DispatchRequestSchema,
  ReloadRequestSchema,
  CancelRequestSchema,
  ByeRequestSchema,
]);

const DecisionSchema = z.enum(['allow', 'ask', 'deny']);
const FailureSchema = z.object({ class: z.enum(FAILURE_CLASSES as [string, ...string[]]), message: z.string() });

/** The folded outcome of one dispatch (ARCHITECTURE §7). */
export const OutcomeSchema = z.object({
  decision: z.enum(['allow', 'ask', 'deny', 'none']),
  reason: z.string().optional(),
  continue: z.boolean(),
  stopReason: z.string().optional(),
  additionalContext: z.array(z.string()),
  systemMessage: z.array(z.string()),
  downgraded: z.boolean(),
  rawDecision: z.enum(['deny', 'ask']).optional(),
  rawReason: z.string().optional(),
});

/** One handler's own result inside a run record. */
export const HandlerResultSchema = z.object({
  decision: DecisionSchema.optional(),
  reason: z.string().optional(),
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  additionalContext: z.array(z.string()).optional(),
  systemMessage: z.array(z.string()).optional(),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
  warnings: z.array(z.string()),
  failure: FailureSchema.optional(),
});

/** One hook run: which hook decided what, and why. */
export const RunRecordSchema = z.object({
  hook: z.string(),
  kind: z.enum(['shell', 'webhook', 'oracle', 'proxy', 'rule']),
  outcome: HandlerResultSchema,
  durationMs: z.number().nonnegative(),
  exitCode: z.number().int().optional(),
  status: z.number().int().optional(),
  onError: z.enum(['warn', 'block', 'ignore']).optional(),
  mode: z.literal('observe').optional(),
  rules: z
    .array(
      z.object({
        rule: z.string(),
        decision: z.enum(['deny', 'ask', 'allow', 'context']),
        mode: z.literal('observe').optional(),
        severity: z.string(),
        category: z.string(),
        matched: z.string(),
        via: z.array(z.string()).optional(),
      }),
    )
    .optional()
    .describe('Rule hooks: every rule that matched and what it matched (the command after unwrapping, the file, the URL).'),
});

export const ErrorResponseSchema = z.object({ ok: z.literal(false), ...withId, error: z.string() });
export const PongResponseSchema = z.object({ ok: z.literal(true), ...withId, pong: z.literal(true), version: z.string(), protocol: z.number().int() });
export const DispatchResponseSchema = z.object({
  ok: z.literal(true),
  ...withId,
  canonical: z.enum(CANONICAL_EVENT_NAMES as [string, ...string[]]),
  outcome: OutcomeSchema,
  runs: z.array(RunRecordSchema),
});
export const ReloadResponseSchema = z.union([
  z.object({ ok: z.literal(true), ...withId, diagnostics: z.array(DiagnosticSchema) }),
  z.object({ ok: z.literal(false), ...withId, error: z.string(), diagnostics: z.array(DiagnosticSchema) }),
]);
/** The answer to `cancel` and `bye`: nothing but `ok` (and the id). */
export const DoneResponseSchema = z.strictObject({ ok: z.literal(true), ...withId });

/** Any response line. */
export const ResponseSchema = z.union([PongResponseSchema, DispatchResponseSchema, ReloadResponseSchema, DoneResponseSchema, ErrorResponseSchema]);

export type RequestId = z.infer<typeof RequestIdSchema>;
export type ProtocolRequest = z.infer<typeof RequestSchema>;
export type DispatchBody = z.infer<typeof DispatchBodySchema>;
export type ProtocolResponse = z.infer<typeof ResponseSchema>;
export type DispatchResponse = z.infer<typeof DispatchResponseSchema>;
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
