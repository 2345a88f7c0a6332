// Writes schema/hookwire.schema.json from the zod schema of the config file.
// Build first: npx tsc -b packages/contract && node packages/contract/scripts/generate-schema.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderConfigJsonSchema } from '../lib/config/schema.js';

const target = fileURLToPath(new URL('../schema/hookwire.schema.json', import.meta.url));
writeFileSync(target, renderConfigJsonSchema());
console.log(`wrote ${target}`);
