/** What every template sees about the store. */
export interface StoreInfo {
  name: string;
  email: string | null;
  /** BASE_URL: links in mails start here. */
  url: string;
}

type Item = Record<string, any>;

// "Size: M, Colour: Red": options as one phrase, so templates need no loop over an object.
function withOptionsText<T extends Item>(item: T): T & { options_text: string } {
  const options = item.options && typeof item.options === 'object' ? Object.entries(item.options as Record<string, unknown>) : [];
  return { ...item, options_text: options.map(([k, v]) => `${k}: ${String(v)}`).join(', ') };
}

const isNonZero = (money: { amount?: string } | null | undefined) => !!money?.amount && /[1-9]/.test(money.amount);

/**
 * The variables of a mail template: `store`, `language`, `order` (the order as the API shows it, with
 * `items`, each with `options_text`), `customer_name`, `has_discount`, `has_tax`, and per mail `shipment`
 * or `refund` (their items with `options_text` too).
 */
export function mailContext(store: StoreInfo, language: string, order: Record<string, any>, extra: Record<string, unknown>): Record<string, unknown> {
  const address = order.shipping_address ?? order.billing_address ?? {};
  const context: Record<string, unknown> = {
    store,
    language,
    order: { ...order, items: Array.isArray(order.items) ? order.items.map(withOptionsText) : [] },
    customer_name: [address.first_name, address.last_name].filter(Boolean).join(' '),
    has_discount: isNonZero(order.discount),
    has_tax: isNonZero(order.tax),
  };
  for (const [name, value] of Object.entries(extra)) {
    const record = value as Record<string, any>;
    context[name] = { ...record, items: Array.isArray(record?.items) ? record.items.map(withOptionsText) : [] };
  }
  return context;
}
