import openapiTS, { astToString } from 'openapi-typescript';

export const API_TYPES_FILE = new URL('./app/api/schema.d.ts', import.meta.url);

const HEADER = `/**
 * The REST API's types, generated from /latest/openapi.json of a store with the built-in plugins by
 * \`npm run admin:api-types\`. Do not edit: a test fails when this file no longer matches the API.
 */

`;

/** The TypeScript declarations openapi-fetch types the panel's calls with, for an OpenAPI document. */
export async function apiTypesFor(document: object): Promise<string> {
  const ast = await openapiTS(document as any, { alphabetize: true });
  return HEADER + astToString(ast);
}
