import { isRecord, typeName } from '../describe-value.js';
import type { RequestId } from './schema.js';

/**
 * A request, validated, or why it cannot be served (with the id to echo, when it had one). The
 * same shapes as `RequestSchema`, read by a hand-written parser: it runs once per request line on
 * the sidecar's hot path, and its errors name the field at fault.
 */
export type ParsedRequest =
  | { ok: true; id: RequestId | undefined; hasId: boolean; op: 'ping' | 'reload' | 'bye' }
  | { ok: true; id: RequestId | undefined; hasId: boolean; op: 'cancel'; target: RequestId }
  | {
      ok: true;
      id: RequestId | undefined;
      hasId: boolean;
      op: 'dispatch';
      event: string;
      payload: Record<string, unknown> | undefined;
      subject: string | undefined;
      cwd: string | undefined;
    }
  | { ok: false; id: unknown; hasId: boolean; error: string };

/** A parsed dispatch request. */
export type ParsedDispatch = Extract<ParsedRequest, { op: 'dispatch' }>;

const OPS = ['ping', 'dispatch', 'reload', 'bye', 'cancel'];

function isId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Parses and validates one request line. Never throws. */
export function parseRequest(line: string): ParsedRequest {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { ok: false, id: undefined, hasId: false, error: `request is not valid JSON: ${(error as Error).message}` };
  }
  return readRequest(request);
}

/** Validates a request already parsed from JSON. Never throws. */
export function readRequest(request: unknown): ParsedRequest {
  if (!isRecord(request)) return { ok: false, id: undefined, hasId: false, error: `request must be a JSON object, received ${typeName(request)}` };
  const fields = request;
  const hasId = Object.hasOwn(fields, 'id');
  const id = fields.id;
  const fail = (error: string): ParsedRequest => ({ ok: false, id, hasId, error });
  if (hasId && !isId(id)) return fail(`id must be a string or a number, received ${typeName(id)}`);
  const okId = id as RequestId | undefined;
  const op = fields.op;
  if (typeof op !== 'string') return fail(op === undefined ? 'request has no "op" (expected one of ping, dispatch, reload, bye, cancel)' : `op must be a string, received ${typeName(op)}`);
  if (!OPS.includes(op)) return fail(`unknown op ${JSON.stringify(op)} (expected one of ping, dispatch, reload, bye, cancel)`);
  if (op === 'ping' || op === 'reload' || op === 'bye') return { ok: true, id: okId, hasId, op };
  if (op === 'cancel') {
    if (!isId(fields.target)) return fail(`cancel needs "target": the id of a dispatch in flight (a string or a number), received ${typeName(fields.target)}`);
    return { ok: true, id: okId, hasId, op, target: fields.target };
  }
  const { event, payload, subject, cwd } = fields;
  if (typeof event !== 'string') return fail(`dispatch needs "event" as a string, received ${typeName(event)}`);
  if (payload !== undefined && !isRecord(payload)) {
    return fail(`dispatch "payload" must be a JSON object, received ${typeName(payload)}`);
  }
  if (subject !== undefined && typeof subject !== 'string') return fail(`dispatch "subject" must be a string, received ${typeName(subject)}`);
  if (cwd !== undefined && typeof cwd !== 'string') return fail(`dispatch "cwd" must be a string, received ${typeName(cwd)}`);
  return {
    ok: true,
    id: okId,
    hasId,
    op: 'dispatch',
    event,
    payload: payload as Record<string, unknown> | undefined,
    subject: subject as string | undefined,
    cwd: cwd as string | undefined,
  };
}
