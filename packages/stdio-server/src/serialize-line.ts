type Fields = Record<string, unknown>;

/**
 * One JSON line's text. A record that cannot be serialised (a cycle, or nesting deeper than
 * `JSON.stringify` can go) becomes `fallback` plus the fields named in `keep` that the record has
 * and that serialise on their own (a response's `id`, so that a host matching by id still gets its
 * answer; not an id that is itself the problem) and an `error` saying why, rather than taking the
 * server down.
 */
export function serializeLine(record: Fields, keep: readonly string[], fallback: Fields): string {
  try {
    return JSON.stringify(record);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const prefix = typeof record.error === 'string' ? `${record.error}; ` : '';
    const kept = Object.fromEntries(keep.filter((key) => Object.hasOwn(record, key) && canSerialize(record[key])).map((key) => [key, record[key]]));
    return JSON.stringify({ ...fallback, ...kept, error: `${prefix}the ${fallback.ok === false ? 'response' : 'record'} could not be serialized (${why})` });
  }
}

function canSerialize(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}

/** One response line (ARCHITECTURE §9): the id is echoed whenever the request had one, even when the rest cannot be serialised. */
export function serializeResponse(response: Fields): string {
  return serializeLine(response, ['id'], { ok: false });
}
