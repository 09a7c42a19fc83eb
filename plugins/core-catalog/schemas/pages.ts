import { listQuerySchema, pageSchema as listPageSchema, type ListSpec } from '../../../kernel/http/lists.ts';

/** A body (or a translated body) larger than this many bytes of UTF-8 is refused with a 400 naming the field. */
export const PAGE_BODY_MAX_BYTES = 100 * 1024;
export const PAGE_TITLE_MAX = 200;
export const PAGE_SLUG_MAX = 200;

const title = { type: 'string', minLength: 1, maxLength: PAGE_TITLE_MAX, pattern: '\\S', description: 'Plain text.' } as const;
// The character limit is a cheap first gate; the service also counts bytes.
const body = { type: 'string', maxLength: PAGE_BODY_MAX_BYTES, description: 'HTML, sanitised against an allow-list when written; at most 100 KB.' } as const;
const slug = {
  type: 'string',
  minLength: 1,
  maxLength: PAGE_SLUG_MAX,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  description: 'Lower-case letters, digits and single dashes; unique. Derived from the title when absent.',
} as const;

const translation = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { title, body },
} as const;

const translationsDescription = 'Language tag (one of the store\'s languages) → {title?, body?}; a missing field falls back to the base text.';

/** The page as the API shows it; `translations` only to staff and API keys. */
export const pageSchema = {
  type: 'object',
  required: ['id', 'title', 'slug', 'body', 'published', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string', description: 'In the negotiated language when translated, else the base text.' },
    slug: { type: 'string' },
    body: { type: 'string', description: 'Sanitised HTML, in the negotiated language when translated, else the base text.' },
    published: { type: 'boolean' },
    translations: {
      type: 'object',
      description: `Staff only. ${translationsDescription}`,
      additionalProperties: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } } },
    },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** POST and PUT: the whole page. PUT resets what it omits (slug derived anew, empty body, unpublished, no translations). */
export const pageWriteBody = {
  type: 'object',
  required: ['title'],
  properties: {
    title,
    slug,
    body,
    published: { type: 'boolean', default: false, description: 'Only published pages are shown to anonymous callers and customers.' },
    translations: { type: 'object', maxProperties: 50, description: translationsDescription, additionalProperties: translation, 'x-rule': 'Keys are languages the store offers.' },
  },
} as const;

/** PATCH: any subset; `translations` is merged per language, and `{de: null}` removes a language. */
export const pagePatchBody = {
  type: 'object',
  minProperties: 1,
  properties: {
    title,
    slug,
    body,
    published: { type: 'boolean' },
    translations: {
      type: 'object',
      maxProperties: 50,
      description: `${translationsDescription} Each language given replaces that language's entry; null removes it.`,
      'x-rule': 'Keys are languages the store offers.',
      additionalProperties: { anyOf: [translation, { type: 'null' }] },
    },
  },
} as const;

export const pageListSpec: ListSpec = {
  ordering: { title: 'pages.title', created_at: 'pages.created_at', updated_at: 'pages.updated_at' },
  defaultOrdering: 'title',
  ranges: { created_at: 'datetime', updated_at: 'datetime' },
  search: true,
};

export const pageListQuery = listQuerySchema(pageListSpec, {
  published: { type: 'boolean', description: 'Staff: only published (true) or unpublished (false) pages. Others only ever see published ones.' },
});

export const pageListResponse = listPageSchema(pageSchema);

export const pageIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

export const pageSlugParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', minLength: 1, maxLength: PAGE_SLUG_MAX } },
} as const;
