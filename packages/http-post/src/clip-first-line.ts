const MAX_LENGTH = 200;

/** The first line of a text, trimmed and cut to 200 characters (ending `...` when cut): what a message quotes of a body. */
export function clipFirstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0]?.trim() ?? '';
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 3)}...` : line;
}
