import { MAX_NESTING_DEPTH } from './nesting-depth.js';

/** What a secret is replaced by. */
export const REDACTED = '[redacted]';

/** Shorter values are not treated as secrets: replacing them would garble ordinary text. */
export const MIN_SECRET_LENGTH = 8;

/** A text cut short (at a byte cap) keeps fewer than this many characters of a secret it ends inside. */
export const MIN_SECRET_FRAGMENT = 4;

/**
 * The forms in which a secret value can come back: as configured, as an HTTP header carries it
 * (CR, LF and NUL removed, surrounding blanks trimmed by the receiver) and as a JSON string spells
 * each of those. Redaction looks for all of them, so that what was sent is what is redacted.
 */
export function secretForms(value: string): string[] {
  const stripped = value.replace(/[\r\n\0]/g, '');
  const forms = [value, stripped, stripped.trim()];
  for (const form of [...forms]) forms.push(JSON.stringify(form).slice(1, -1));
  return [...new Set(forms)];
}

/**
 * Every form of every value (see {@link secretForms}) at least {@link MIN_SECRET_LENGTH} long,
 * longest first, so that no shorter secret leaves part of a longer one readable.
 */
export function collectSecrets(values: readonly (string | undefined)[]): string[] {
  const forms = values.flatMap((value) => (typeof value === 'string' ? secretForms(value) : []));
  return [...new Set(forms.filter((form) => form.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
}

/**
 * `text` with every occurrence of each secret replaced by `[redacted]`. With `cut` (the text was cut
 * at a byte cap), a trailing start of a secret, {@link MIN_SECRET_FRAGMENT} characters or more, is
 * replaced too. Redact before clipping: a clipped text cannot show a secret it no longer holds whole.
 */
export function redactText(text: string, secrets: readonly string[], cut = false): string {
  let redacted = text;
  for (const secret of secrets) if (secret !== '' && redacted.includes(secret)) redacted = redacted.replaceAll(secret, REDACTED);
  if (!cut) return redacted;
  for (const secret of secrets) {
    for (let length = Math.min(secret.length - 1, redacted.length); length >= MIN_SECRET_FRAGMENT; length -= 1) {
      if (redacted.endsWith(secret.slice(0, length))) {
        redacted = `${redacted.slice(0, -length)}${REDACTED}`;
        break;
      }
    }
  }
  return redacted;
}

/**
 * `value` with every secret replaced by `[redacted]` in every string at any depth, object keys
 * included. Arrays and objects nested deeper than {@link MAX_NESTING_DEPTH} are dropped (the
 * response contract already dropped such values with a warning), so the walk is bounded.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const redact = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return redactText(item, secrets);
    if (typeof item !== 'object' || item === null) return item;
    if (depth >= MAX_NESTING_DEPTH) return undefined;
    if (Array.isArray(item)) return item.map((entry) => redact(entry, depth + 1));
    return Object.fromEntries(Object.entries(item).map(([key, entry]) => [redactText(key, secrets), redact(entry, depth + 1)]));
  };
  return redact(value, 0) as T;
}
