import type { Visit } from '../../visit.ts';

const SORTS: Record<string, string> = { name: 'name', '-name': '-name', price: 'price', '-price': '-price', '-created_at': '-created_at' };
const PAGE_SIZE = 24;
const AMOUNT = /^\d{1,9}(?:\.\d{1,2})?$/;

/** What a listing page asks for, read from its query string; a value that does not fit is ignored. */
export interface ListingQuery {
  page: number;
  sort: string;
  minPrice?: string;
  maxPrice?: string;
  q?: string;
  inStock: boolean;
  /** `Name:Value` pairs, as the API's `option` filter takes them. */
  options: string[];
}

const OPTION = /^[^:]{1,100}:.{1,100}$/s;

export function listingQuery(query: Record<string, unknown>): ListingQuery {
  const page = Number(query.page);
  const sort = typeof query.sort === 'string' && SORTS[query.sort] ? query.sort : '';
  const amount = (v: unknown) => (typeof v === 'string' && AMOUNT.test(v.trim()) ? v.trim() : undefined);
  const q = typeof query.q === 'string' ? query.q.trim().slice(0, 200) : undefined;
  const given = query.option === undefined ? [] : Array.isArray(query.option) ? query.option : [query.option];
  const options = [...new Set(given.filter((o): o is string => typeof o === 'string' && OPTION.test(o)))].slice(0, 10);
  const inStock = query.in_stock === '1' || query.in_stock === 'true';
  return { page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1, sort, minPrice: amount(query.min_price), maxPrice: amount(query.max_price), q: q || undefined, inStock, options };
}

/** The product list API URL for a listing. */
export function productsUrl(visit: Visit, listing: ListingQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ page: String(listing.page), page_size: String(PAGE_SIZE), ...extra });
  if (listing.sort) params.set('ordering', SORTS[listing.sort]!);
  if (listing.minPrice) params.set('price__gte', listing.minPrice);
  if (listing.maxPrice) params.set('price__lte', listing.maxPrice);
  if (listing.q) params.set('search', listing.q);
  if (listing.inStock) params.set('in_stock', 'true');
  for (const option of listing.options) params.append('option', option);
  if (visit.currency !== visit.locale.defaultCurrency) params.set('currency', visit.currency);
  return `/api/v1/products/?${params}`;
}

/** The listing's links to other pages of itself, keeping its other parameters. */
export function pagination(path: string, listing: ListingQuery, count: number) {
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const link = (page: number) => {
    const params = new URLSearchParams();
    if (listing.q) params.set('q', listing.q);
    if (listing.sort) params.set('sort', listing.sort);
    if (listing.minPrice) params.set('min_price', listing.minPrice);
    if (listing.maxPrice) params.set('max_price', listing.maxPrice);
    if (listing.inStock) params.set('in_stock', '1');
    for (const option of listing.options) params.append('option', option);
    if (page > 1) params.set('page', String(page));
    const text = params.toString();
    return text ? `${path}?${text}` : path;
  };
  return {
    page: listing.page,
    pages,
    count,
    previous: listing.page > 1 ? link(Math.min(listing.page - 1, pages)) : null,
    next: listing.page < pages ? link(listing.page + 1) : null,
  };
}

export const SORT_OPTIONS = Object.keys(SORTS);
