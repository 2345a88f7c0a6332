/**
 * How deep arrays and objects in a hook's answer may nest (`{}` is depth 1). Every walk over hook
 * output (secret redaction, normalisation, serialisation of runs and outcomes) stays within it:
 * the response contract drops a deeper value with a warning before anything else walks it.
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * How deep a dispatched payload may nest. Rendering a payload for hooks walks it whole; a deeper
 * one is never refused (the model chooses tool arguments, and a refusal would let nothing block):
 * hooks whose onError is `block` deny it unseen, the others are shown it cut at this depth
 * ({@link cutDepth}, {@link PAYLOAD_DEPTH_MARKER}).
 */
export const MAX_PAYLOAD_DEPTH = 512;

/** What stands, in a payload shown to hooks, for an array or object nested deeper than {@link MAX_PAYLOAD_DEPTH}. */
export const PAYLOAD_DEPTH_MARKER = `[hookwire: nested deeper than ${MAX_PAYLOAD_DEPTH} levels]`;

/** Whether `value` nests arrays or objects more than `limit` levels deep; looks no deeper than `limit + 1`. */
export function exceedsDepth(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit <= 0) return true;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (exceedsDepth(item, limit - 1)) return true;
  return false;
}

/**
 * A copy of `value` nested no deeper than `limit`: every array or object that would sit below it is
 * replaced by `marker`; everything else is kept. Walks no deeper than `limit + 1`.
 */
export function cutDepth(value: unknown, limit: number, marker: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (limit <= 0) return marker;
  if (Array.isArray(value)) return value.map((item) => cutDepth(item, limit - 1, marker));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = cutDepth(item, limit - 1, marker);
  return copy;
}
