// Writes sdk/openapi.json from the platform's /api/docs/json (step one of `npm run generate`).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiText } from './document';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
writeFileSync(target, await buildOpenApiText());
console.log(`wrote ${target}`);
