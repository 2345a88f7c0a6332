import { z } from 'zod';

/** One problem found in a config file: where (a JSON Pointer into the file) and what. */
export const DiagnosticSchema = z.object({
  severity: z.enum(['error', 'warning']),
  path: z.string(),
  message: z.string(),
  /** The config file the problem is in, when the config came from a file. */
  file: z.string().optional(),
});

export type Diagnostic = z.infer<typeof DiagnosticSchema>;

export type DiagnosticSeverity = Diagnostic['severity'];

/** Builds an RFC 6901 JSON Pointer: `~` is written `~0` and `/` is written `~1`; no segments is `""`. */
export function toJsonPointer(segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

export function appendPointer(pointer: string, segment: string | number): string {
  return pointer + toJsonPointer([segment]);
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}

/** One line for a terminal: `hookwire.json#/hooks/0/timeout: error: timeout must be ...`. */
export function formatDiagnostic(diagnostic: Diagnostic, source?: string): string {
  const where = diagnostic.path === '' ? (source ?? 'config') : `${source ?? ''}#${diagnostic.path}`;
  return `${where}: ${diagnostic.severity}: ${diagnostic.message}`;
}

const MAX_RECEIVED_LENGTH = 60;

// The received value for a message, as JSON text (shortened); never throws, whatever the value.
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
  return text.length > MAX_RECEIVED_LENGTH ? `${text.slice(0, MAX_RECEIVED_LENGTH - 3)}...` : text;
}

export class DiagnosticList {
  readonly items: Diagnostic[] = [];

  error(path: string, message: string): void {
    this.items.push({ severity: 'error', path, message });
  }

  warning(path: string, message: string): void {
    this.items.push({ severity: 'warning', path, message });
  }
}
