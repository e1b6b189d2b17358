// Run by `npm start` before the server (prestart): builds, once per PGlite version and migration
// set, the migrated database template a first start restores instead of running initdb.
import { loadOrBuildTemplate, templateKey } from '../src/platform/db/pglite-template';

const started = Date.now();
await loadOrBuildTemplate(true);
console.log(`embedded database template ready (${await templateKey(true)}, ${Date.now() - started} ms)`);
