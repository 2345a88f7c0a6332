// Ships, inside this package, what a project reaches by path rather than by import:
//   schema/hookwire.schema.json  the config's JSON Schema, where a project's `.hookwire.json` points
//                                (`./node_modules/hookwire/schema/hookwire.schema.json`) whatever the layout
// (dist/, the bundled executable and its code caches, is written here by scripts/bundle-bin.mjs.)
import { cpSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(join(here, 'schema'), { recursive: true });
cpSync(require.resolve('@hookwire/contract/schema.json'), join(here, 'schema', 'hookwire.schema.json'));
