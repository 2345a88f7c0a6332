/*
 * How a message names a value it did not expect ("..., received X"). One module, four forms, each
 * pinned by vectors: pick the form by how much of the value the reader needs to see.
 */

const MAX_TEXT_LENGTH = 60;

/** Whether a value is a plain JSON-style object (not `null`, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value's JSON type: `null`, `array`, or its `typeof` (`string`, `object`, ...). */
export function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** The value's type with an article, for prose: `nothing`, `null`, `an array`, `an object`, `a string`. */
export function describeType(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The value's type and its JSON text, shortened: `number 5`, `array [1]`, `null` (hook answers). */
export function describeValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = typeof value === 'bigint' ? `${value}n` : Object.prototype.toString.call(value);
  }
  if (text.length > MAX_TEXT_LENGTH) text = `${text.slice(0, MAX_TEXT_LENGTH - 3)}...`;
  if (value === null || value === undefined) return text;
  const type = Array.isArray(value) ? 'array' : typeof value;
  return `${type} ${text}`;
}

/** The value as JSON text, shortened, `nothing` when absent (config diagnostics); never throws. */
export function describeReceived(value: unknown): string {
  let text: string | undefined;
  switch (typeof value) {
    case 'number':
      text = String(value);
      break;
    case 'bigint':
      text = `${value}n`;
      break;
    case 'undefined':
      return 'nothing';
    case 'function':
    case 'symbol':
      return `a ${typeof value}`;
    default:
      try {
        text = JSON.stringify(value);
      } catch {
        text = undefined;
      }
  }
  if (text === undefined) return Array.isArray(value) ? 'an array' : 'an object';
  return text.length > MAX_TEXT_LENGTH ? `${text.slice(0, MAX_TEXT_LENGTH - 3)}...` : text;
}
