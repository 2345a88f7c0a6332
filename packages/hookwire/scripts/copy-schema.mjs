// Ships the config's JSON Schema inside this package, where a project's `.hookwire.json` points
// (`./node_modules/hookwire/schema/hookwire.schema.json`) whatever layout the package manager uses.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const source = createRequire(import.meta.url).resolve('@hookwire/contract/schema.json');
const target = fileURLToPath(new URL('../schema/hookwire.schema.json', import.meta.url));
mkdirSync(new URL('../schema/', import.meta.url), { recursive: true });
copyFileSync(source, target);
