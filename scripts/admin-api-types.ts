// Regenerates plugins/admin/app/api/schema.d.ts from the OpenAPI document of a store with the
// built-in plugins (a throwaway SQLite store), after an API change: npm run admin:api-types
import fs from 'node:fs';
import { startTestStore } from '../test/helpers/store.ts';
import { API_TYPES_FILE, apiTypesFor } from '../plugins/admin/api-types.ts';

const store = await startTestStore();
try {
  const res = await store.inject({ method: 'GET', url: '/latest/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /latest/openapi.json answered ${res.statusCode}`);
  fs.writeFileSync(API_TYPES_FILE, await apiTypesFor(res.json()));
  console.log(`wrote ${API_TYPES_FILE.pathname}`);
} finally {
  await store.close();
}
