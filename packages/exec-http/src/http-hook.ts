/** A webhook handler as the runtime hands it to the executor. */
export interface HttpHook {
  /** An absolute `http://` or `https://` URL; redirects are not followed. */
  url: string;
  /** Extra request headers; values may use `$VAR` / `${VAR}` for names in `allowedEnvVars`. */
  headers?: Record<string, string>;
  /** The environment variables header values may read; any other `$VAR` becomes `""`. */
  allowedEnvVars?: string[];
}
