import type { Visit } from '../../visit.ts';

export interface CategoryView {
  id: number;
  name: string;
  slug: string;
  description: string;
  parent_id: number | null;
}

/** The store's categories in the page's language (one API read, served by the response cache). */
export async function loadCategories(visit: Visit): Promise<CategoryView[]> {
  const res = await visit.read<{ results: CategoryView[] }>('/api/v1/categories/?page_size=100');
  return res.status === 200 ? res.body.results : [];
}

/** The category and its ancestors, top first (for breadcrumbs). */
export function trail(categories: CategoryView[], id: number | null): CategoryView[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const chain: CategoryView[] = [];
  let current = id === null ? undefined : byId.get(id);
  while (current && chain.length < 20) {
    chain.unshift(current);
    current = current.parent_id === null ? undefined : byId.get(current.parent_id);
  }
  return chain;
}

/** Breadcrumb items (name, path) and their JSON-LD BreadcrumbList. */
export function breadcrumbs(visit: Visit, baseUrl: string, homeName: string, items: Array<{ name: string; path: string }>) {
  const all = [{ name: homeName, path: '/' }, ...items];
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: baseUrl + visit.localize(item.path) })),
  };
  return { items, jsonLd };
}
