import { readFileSync } from 'node:fs';

/** hookwire's version: this package's own. */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
