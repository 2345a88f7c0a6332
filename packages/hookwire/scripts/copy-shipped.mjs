// Ships, inside this package, what a project reaches by path rather than by import:
//   schema/hookwire.schema.json  the config's JSON Schema, where a project's `.hookwire.json` points
//                                (`./node_modules/hookwire/schema/hookwire.schema.json`) whatever the layout
//   dist/                        @hookwire/stdio-server's bundled executable and its code cache
//                                (scripts/bundle-bin.mjs), so this package's bin resolves no package per event
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(join(here, 'schema'), { recursive: true });
cpSync(require.resolve('@hookwire/contract/schema.json'), join(here, 'schema', 'hookwire.schema.json'));
const bundle = join(dirname(require.resolve('@hookwire/stdio-server/package.json')), 'dist');
rmSync(join(here, 'dist'), { recursive: true, force: true });
cpSync(bundle, join(here, 'dist'), { recursive: true });
