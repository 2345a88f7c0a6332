import { z } from 'zod';

// Apart from diagnostics.ts so that reading a config (which makes diagnostics) does not build it.
/** One problem found in a config file: where (a JSON Pointer into the file) and what. */
export const DiagnosticSchema = z.object({
  severity: z.enum(['error', 'warning']),
  path: z.string(),
  message: z.string(),
  /** The config file the problem is in, when the config came from a file. */
  file: z.string().optional(),
});
