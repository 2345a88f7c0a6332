/**
 * How deep arrays and objects in a hook's answer may nest (`{}` is depth 1). Every walk over hook
 * output (secret redaction, normalisation, serialisation of runs and outcomes) stays within it:
 * the response contract drops a deeper value with a warning before anything else walks it.
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * How deep a dispatched payload may nest. Rendering a payload for hooks walks it whole; a deeper
 * one is refused as a bad payload with this number in the message, rather than failing with
 * whatever a walk ran out of first.
 */
export const MAX_PAYLOAD_DEPTH = 512;

/** Whether `value` nests arrays or objects more than `limit` levels deep; looks no deeper than `limit + 1`. */
export function exceedsDepth(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit <= 0) return true;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (exceedsDepth(item, limit - 1)) return true;
  return false;
}
