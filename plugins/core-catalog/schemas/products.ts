import { listQuerySchema, orderingField, pageSchema, type ListSpec } from '../../../kernel/http/lists.ts';
import { idInput } from '../../../kernel/http/schemas.ts';
import { FACET_PRODUCTS } from '../services/product-facets.ts';
import { PRODUCT_STATUSES } from '../services/records.ts';
import {
  availabilityProperties,
  currencyQuery,
  DESCRIPTION_MAX,
  NAME_MAX,
  nullableAmountInput,
  nullableMoney,
  nullableReference,
  slugInput,
  text,
  timestamp,
  translationsInput,
  translationsView,
} from './common.ts';
import { nestedVariantBody } from './variants.ts';

const optionsSchema = {
  type: 'array',
  maxItems: 10,
  'x-rule': 'Option names unique, and values unique within an option (case-insensitively); the product\'s variants must fit them.',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'values'],
    properties: {
      name: text(50),
      values: { type: 'array', minItems: 1, maxItems: 100, items: text(100) },
    },
  },
} as const;

const imagesSchema = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: {
      url: { type: 'string', format: 'uri', pattern: '^https://', maxLength: 2000, description: 'An https URL.' },
      alt: { type: 'string', maxLength: 500 },
    },
  },
} as const;

/** A product as the API shows it, with its variants; `serializeProduct` taps may add fields. */
export const productSchema = {
  $id: 'Product',
  type: 'object',
  additionalProperties: true,
  required: ['id', 'name', 'description', 'slug', 'status', 'category_id', 'options', 'images', 'price', 'compare_at_price', 'variants', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', description: 'In the negotiated language (Accept-Language), else the base text.' },
    description: { type: 'string' },
    slug: { type: 'string' },
    status: { type: 'string', enum: PRODUCT_STATUSES },
    category_id: { type: ['integer', 'null'] },
    options: {
      type: 'array',
      items: { type: 'object', required: ['name', 'values'], properties: { name: { type: 'string' }, values: { type: 'array', items: { type: 'string' } } } },
    },
    images: { type: 'array', items: { type: 'object', required: ['url', 'alt'], properties: { url: { type: 'string' }, alt: { type: 'string' } } } },
    price: { ...nullableMoney, description: 'The explicit price, else the lowest variant price; null without either.' },
    compare_at_price: nullableMoney,
    variants: { type: 'array', items: { $ref: 'Variant#' } },
    available: { ...availabilityProperties.available, description: 'Units that can be sold now, summed over its tracked variants; null when none is tracked. Present when core-inventory is loaded.' },
    in_stock: { ...availabilityProperties.in_stock, description: 'Whether any variant can be bought now. Present when core-inventory is loaded.' },
    translations: translationsView,
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const productFields = {
  name: text(NAME_MAX),
  description: { type: 'string', maxLength: DESCRIPTION_MAX },
  status: { type: 'string', enum: PRODUCT_STATUSES, description: 'draft (default), active (published) or archived.' },
  slug: slugInput,
  category_id: nullableReference('The product\'s category; null for none.'),
  options: optionsSchema,
  images: imagesSchema,
  price: { ...nullableAmountInput, description: 'Explicit price; null or left out: the lowest variant price.' },
  compare_at_price: nullableAmountInput,
  translations: translationsInput,
} as const;

export const productCreateBody = {
  type: 'object',
  required: ['name'],
  properties: { ...productFields, variants: { type: 'array', maxItems: 250, items: nestedVariantBody } },
} as const;
export const productPutBody = { type: 'object', required: ['name'], properties: productFields } as const;
export const productPatchBody = { type: 'object', minProperties: 1, properties: productFields } as const;

export const productListSpec: ListSpec = {
  ordering: { name: 'products.name', price: 'products.effective_price', created_at: 'products.created_at' },
  defaultOrdering: '-created_at',
  ranges: { created_at: 'datetime', price: 'money' },
  search: true,
  keyset: { nullable: ['price'] },
};

// The index that holds each ordering of a plain list (no filter but status): behind status for a list
// of one status (migration 002), alone for staff's list of every status (migration 015).
const ORDERING_COLUMNS: Record<string, string> = { name: 'name', price: 'effective_price', created_at: 'created_at' };

/**
 * The index a plain product list in this `ordering` reads from, when it orders by one field (with more,
 * the later fields are sorted, not read in order): what the list's keyset pages name as MariaDB's index
 * hint. `everyStatus`: staff listing all statuses.
 */
export function orderingIndex(ordering: string | undefined, everyStatus: boolean): string | undefined {
  const field = orderingField(ordering, productListSpec);
  const column = field ? ORDERING_COLUMNS[field] : undefined;
  if (!column) return undefined;
  return everyStatus ? `products_${column}_index` : `products_status_${column}_index`;
}

export const productListQuery = listQuerySchema(productListSpec, {
  category: { type: 'string', minLength: 1, maxLength: 200, pattern: '^(\\d{1,18}|[a-z0-9]+(?:-[a-z0-9]+)*)$', description: 'A category id or slug; its subcategories are included. One that does not exist is a 400.', 'x-rule': 'Must name an existing category (by id or slug).' },
  slug: { type: 'string', minLength: 1, maxLength: 200, description: 'The product with this slug (a list of one, or empty): how a shop finds the product of a link like /products/blue-shirt.' },
  option: { type: 'array', maxItems: 10, items: { type: 'string', minLength: 3, maxLength: 201 }, description: 'Name:Value (Size:M), repeatable: products with a variant of that value, for every pair given.', 'x-rule': 'Each as Name:Value.' },
  in_stock: { type: 'boolean', description: 'true: only products with a variant that can be bought now (stock, no tracking, or backorders allowed); false: only the others. Needs core-inventory; without it the filter is ignored.' },
  status: { type: 'string', enum: PRODUCT_STATUSES, description: 'Staff see every status; others only active products, so other values give an empty list.' },
  currency: currencyQuery,
});

export const productPage = pageSchema({ $ref: 'Product#' });

// The list's filters that narrow which products there are (no paging, ordering, slug or currency).
const FACET_FILTERS = ['category', 'option', 'in_stock', 'status', 'search', 'price__gte', 'price__lte'] as const;
const listProperties = (productListQuery as { properties: Record<string, object> }).properties;

/** GET /api/v1/products/facets/: the product list's filters. */
export const productFacetsQuery = {
  type: 'object',
  properties: Object.fromEntries(FACET_FILTERS.map((name) => [name, listProperties[name]!])),
};

/** The option names and values on offer among the products a list with the same filters shows. */
export const productFacets = {
  type: 'object',
  additionalProperties: false,
  required: ['options', 'truncated'],
  properties: {
    options: {
      type: 'array',
      description: 'Each option name with every value the products offer, in the order first met.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'values'],
        properties: { name: { type: 'string' }, values: { type: 'array', items: { type: 'string' } } },
      },
    },
    truncated: { type: 'boolean', description: `More products matched than were read (the newest ${FACET_PRODUCTS} are).` },
  },
};

/** Bulk: up to 100 product records; one with `id` updates that product, else creates one. */
export const bulkBody = {
  type: 'object',
  required: ['products'],
  properties: {
    products: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        // A record without id creates a product, and a product needs a name.
        // (The properties are repeated inside so each subschema names what it requires.)
        if: { not: { required: ['id'], properties: { id: idInput } } },
        then: { required: ['name'], properties: { name: productFields.name } },
        description: 'With id: an update of that product. Without: a new product (name required).',
        properties: { id: { ...idInput, description: 'Update this product; absent: create one.', 'x-rule': 'Must name an existing product.' }, ...productFields, variants: { type: 'array', maxItems: 250, items: nestedVariantBody } },
      },
    },
  },
} as const;

export const bulkResponse = {
  type: 'object',
  required: ['products'],
  properties: { products: { type: 'array', items: { $ref: 'Product#' } } },
} as const;
