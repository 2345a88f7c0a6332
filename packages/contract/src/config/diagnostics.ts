import type { z } from 'zod';
import type { DiagnosticSchema } from './diagnostic-schema.js';

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

export class DiagnosticList {
  readonly items: Diagnostic[] = [];

  error(path: string, message: string): void {
    this.items.push({ severity: 'error', path, message });
  }

  warning(path: string, message: string): void {
    this.items.push({ severity: 'warning', path, message });
  }
}
