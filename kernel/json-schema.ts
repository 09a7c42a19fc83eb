import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under ESM its plugin is either the module itself or its `default`.
const addFormats = ((addFormatsModule as unknown as { default?: (a: Ajv) => void }).default ?? addFormatsModule) as unknown as (a: Ajv) => void;

/** An ajv instance with the `email`, `uri`, `date-time`… formats every schema of the store may use. */
export function createAjv(options: Options): Ajv {
  const ajv = new Ajv(options);
  addFormats(ajv);
  return ajv;
}
