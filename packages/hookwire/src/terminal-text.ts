/**
 * Characters a terminal acts on rather than shows: C0 controls and DEL (ESC starts every ANSI
 * sequence; CR and BS overwrite what a line showed), C1 controls (U+009B is a one-character CSI),
 * and the Unicode bidirectional and invisible format marks that reorder or hide text ("Trojan
 * source"). Escaping these (not only stripping ANSI sequences, which leaves a lone ESC or CR
 * working) is what keeps a payload from forging or hiding lines on a reader's terminal.
 */
export const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/gu;
/** The same set without the newline, for text whose lines are our own (pretty-printed JSON). */
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/gu;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * `text` made safe to print on a terminal: every control, C1 and bidi/invisible format character
 * becomes a visible escape (`\n`, `\t`, `\r`, else `\uXXXX`, the JSON forms, so escaped JSON stays
 * JSON with the same values). With `keepNewlines`, newlines stay (for text whose lines are ours).
 */
export function escapeTerminal(text: string, options: { keepNewlines?: boolean } = {}): string {
  return text.replace(options.keepNewlines === true ? UNSAFE_BUT_NEWLINE : UNSAFE, escapeOne);
}

/** A field from a log, a payload or a hook as one terminal-safe line: whitespace runs become one space. */
export function escapeLine(text: unknown): string {
  return escapeTerminal(String(text).replace(/\s+/g, ' ').trim());
}
