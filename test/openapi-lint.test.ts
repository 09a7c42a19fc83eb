import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { startTestStore, type TestStore } from './helpers/store.ts';

/**
 * The served document of a store with every built-in plugin passes both linters with the
 * repository's own configuration (redocly.yaml, .spectral.yaml): no error, no warning, no hint.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// CommonJS packages: their named exports arrive on the default export under tsx.
const { Spectral, Document } = ((spectralCore as any).Spectral ? spectralCore : (spectralCore as any).default) as typeof import('@stoplight/spectral-core');
const { Json, Yaml } = ((spectralParsers as any).Json ? spectralParsers : (spectralParsers as any).default) as typeof import('@stoplight/spectral-parsers');

let store: TestStore;
let raw: string;
before(async () => {
  store = await startTestStore();
  const res = await store.inject({ method: 'GET', url: '/latest/openapi.json' });
  assert.equal(res.statusCode, 200);
  raw = res.body;
});
after(() => store?.close());

async function redoclyProblems(source: string): Promise<string[]> {
  const config = await createConfig(fs.readFileSync(path.join(ROOT, 'redocly.yaml'), 'utf8'), { configPath: path.join(ROOT, 'redocly.yaml') });
  const problems = await lintFromString({ source, absoluteRef: 'https://store.test/latest/openapi.json', config });
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
}

// .spectral.yaml, with `spectral:oas` resolved to the ruleset package (what the CLI does).
function spectralFromRepository(): InstanceType<typeof Spectral> {
  const file = Yaml.parse(fs.readFileSync(path.join(ROOT, '.spectral.yaml'), 'utf8')).data as { extends: string[]; rules?: Record<string, unknown> };
  assert.deepEqual(file.extends, ['spectral:oas']);
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [oas], rules: file.rules ?? {} } as any);
  return spectral;
}

async function spectralResults(source: string): Promise<string[]> {
  const results = await spectralFromRepository().run(new Document(source, Json, 'openapi.json'));
  return results.map((r) => `${r.severity} ${r.code}: ${r.message} at ${r.path.join('.')}`);
}

test('Redocly (recommended, as redocly.yaml configures it) finds nothing in the served document', async () => {
  assert.deepEqual(await redoclyProblems(raw), []);
});

test('Spectral (spectral:oas, as .spectral.yaml configures it) finds nothing in the served document', async () => {
  assert.deepEqual(await spectralResults(raw), []);
});

test('both linters do find problems in a document that has them (the checks above can fail)', async () => {
  const broken = JSON.parse(raw);
  const op = broken.paths['/api/v1/products/'].get;
  delete op.description;
  op.responses = {};
  broken.paths['/api/v1/products/{id}/'].get.operationId = op.operationId;
  const text = JSON.stringify(broken);
  assert.ok((await redoclyProblems(text)).length > 0);
  const spectral = await spectralResults(text);
  assert.ok(spectral.some((r) => r.includes('operation-description')), 'operation-description');
  assert.ok(spectral.some((r) => r.includes('operation-operationId-unique')), 'operation-operationId-unique');
});
