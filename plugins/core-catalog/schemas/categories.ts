import { listQuerySchema, pageSchema, type ListSpec } from '../../../kernel/http/lists.ts';
import { DESCRIPTION_MAX, NAME_MAX, nullableReference, slugInput, text, timestamp, translationsInput, translationsView } from './common.ts';

export const categorySchema = {
  $id: 'Category',
  type: 'object',
  required: ['id', 'name', 'slug', 'description', 'parent_id', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', description: 'In the negotiated language, else the base text.' },
    slug: { type: 'string' },
    description: { type: 'string' },
    parent_id: { type: ['integer', 'null'] },
    translations: translationsView,
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const categoryFields = {
  name: text(NAME_MAX),
  slug: slugInput,
  description: { type: 'string', maxLength: DESCRIPTION_MAX },
  parent_id: { ...nullableReference('The parent category; null for a top-level one.'), 'x-rule': 'Must name an existing category that is not this one or below it.' },
  translations: translationsInput,
} as const;

export const categoryCreateBody = { type: 'object', required: ['name'], properties: categoryFields } as const;
export const categoryPatchBody = { type: 'object', minProperties: 1, properties: categoryFields } as const;

export const categoryListSpec: ListSpec = {
  ordering: { name: 'categories.name', created_at: 'categories.created_at' },
  defaultOrdering: 'name',
};

export const categoryListQuery = listQuerySchema(categoryListSpec, {
  parent: { type: 'string', pattern: '^(\\d{1,18}|null)$', description: 'Children of this category id; "null" for the top-level categories.' },
});

export const categoryPage = pageSchema({ $ref: 'Category#' });
