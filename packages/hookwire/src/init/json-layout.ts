/** How a JSON file is laid out, so that a rewrite keeps it: indentation, line ends, a final newline. */
export interface JsonLayout {
  indent: string;
  eol: '\n' | '\r\n';
  finalNewline: boolean;
}

export const DEFAULT_LAYOUT: JsonLayout = { indent: '  ', eol: '\n', finalNewline: true };

/** Reads the layout of a JSON text: its first indented line's indentation (two spaces if none), CRLF if it uses CRLF. */
export function detectLayout(text: string): JsonLayout {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? DEFAULT_LAYOUT.indent;
  return { indent, eol: text.includes('\r\n') ? '\r\n' : '\n', finalNewline: text === '' || /\r?\n$/.test(text) };
}

/** Writes a value as JSON in the given layout. */
export function stringifyJson(value: unknown, layout: JsonLayout): string {
  const text = JSON.stringify(value, null, layout.indent);
  return (layout.eol === '\n' ? text : text.replaceAll('\n', '\r\n')) + (layout.finalNewline ? layout.eol : '');
}

/** Parses JSON, turning a syntax error's position into a line and column. */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message)?.[1];
    if (position === undefined) throw new Error(`${file} is not valid JSON: ${message}`, { cause: error });
    const before = text.slice(0, Number(position));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    throw new Error(`${file}:${line}:${column}: not valid JSON: ${message}`, { cause: error });
  }
}
