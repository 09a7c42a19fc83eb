/** JSON-LD for a product page: a Product with one Offer per variant. */
export function productJsonLd(product: any, url: string): Record<string, unknown> {
  const offers = (product.variants ?? []).map((v: any) => ({
    '@type': 'Offer',
    sku: v.sku,
    price: v.price?.amount,
    priceCurrency: v.price?.currency,
    availability: v.in_stock === false ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    url: `${url}?variant=${v.id}`,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || undefined,
    sku: product.variants?.[0]?.sku,
    image: (product.images ?? []).map((i: any) => i.url),
    url,
    offers: offers.length === 1 ? offers[0] : offers,
  };
}

/** The first words of a text, for a meta description. */
export function summary(text: string | null | undefined, max = 160): string {
  const plain = String(text ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}
