/**
 * The event catalogue: every event type an endpoint may subscribe to, what emits it, and the shape of
 * its `data` (the resource as the API shows it). It feeds subscription checks, the OpenAPI document's
 * `webhooks` section and the README. Plugins that emit events of their own declare them in
 * `definePlugin({ events })`; index.ts adds those here at start.
 */
import { byCodeUnits } from '../../kernel/code-unit-order.ts';
import { EVENT_TYPE_PATTERN, type DeclaredEvent } from '../../kernel/plugin-declarations.ts';

export interface CatalogueEntry {
  type: string;
  description: string;
  /** JSON Schema of `data`; components are referenced as `#/components/schemas/Name`. */
  data: Record<string, unknown>;
  /** The plugin that declared it (definePlugin({ events })); built-in entries have none. */
  plugin?: string;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const money = ref('Money');

// Shapes of resources without an OpenAPI component of their own: the fields receivers rely on, open to more.
const payment = {
  type: 'object',
  required: ['id', 'order_id', 'status', 'amount'],
  properties: {
    id: { type: 'integer' },
    order_id: { type: 'integer' },
    order_number: { type: 'string' },
    status: { type: 'string' },
    amount: money,
    captured: money,
    refunded: money,
    gateway: { type: 'string' },
    error: { type: ['string', 'null'] },
  },
  additionalProperties: true,
};
const lowStock = {
  allOf: [ref('InventoryRecord'), { type: 'object', required: ['threshold'], properties: { threshold: { type: 'integer', description: 'The store\'s low-stock threshold the available units fell below.' } } }],
};
const account = {
  type: 'object',
  required: ['id', 'email', 'kind', 'created_at'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    kind: { type: 'string', enum: ['customer'] },
    first_name: { type: ['string', 'null'] },
    last_name: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
  },
  additionalProperties: true,
};
const page = {
  type: 'object',
  required: ['id', 'title', 'slug'],
  properties: { id: { type: 'integer' }, title: { type: 'string' }, slug: { type: 'string' }, published: { type: 'boolean' } },
  additionalProperties: true,
};

export const BUILT_IN_EVENTS: CatalogueEntry[] = [
  // Carts and checkouts carry their ids, which are bearer capabilities for guests (whoever holds one
  // reads and changes that cart or checkout). They go only to endpoints staff configured, on the
  // operator's own systems (abandoned-cart mail, analytics need them to refer back), so they are sent.
  { type: 'cart.created', description: 'A cart was created (empty, or with the first item of a session cart). `data.id` is the cart id: a guest\'s bearer capability, sent only to endpoints staff configured — keep it private.', data: ref('Cart') },
  { type: 'cart.updated', description: 'A cart changed: items added, changed or removed, a voucher applied or removed, a guest cart joined to a customer at login, or the cart was ordered (`status: ordered`) when its checkout\'s order was placed. `data` is the cart in its currency and the store\'s default language; `data.id` is a guest\'s bearer capability — keep it private.', data: ref('Cart') },
  { type: 'checkout.created', description: 'A checkout was opened on a cart (e-mail, shipping address). `data.id` and `data.cart_id` are bearer capabilities for guests — keep them private.', data: ref('Checkout') },
  { type: 'checkout.updated', description: 'A checkout changed: e-mail, addresses or shipping method; or it became paid, or expired with its unpaid order. `data.id` and `data.cart_id` are bearer capabilities for guests — keep them private.', data: ref('Checkout') },
  { type: 'order.created', description: 'An order was placed (status pending, stock reserved).', data: ref('Order') },
  { type: 'order.paid', description: 'An order was paid in full and moved to processing.', data: ref('Order') },
  { type: 'order.cancelled', description: 'An order was cancelled (by staff, or unpaid past its expiry); its reservation released.', data: ref('Order') },
  { type: 'order.shipped', description: 'Shipments cover every item of an order: it moved to shipped.', data: ref('Order') },
  { type: 'order.delivered', description: 'An order was marked delivered.', data: ref('Order') },
  { type: 'order.completed', description: 'An order was completed (by staff, or after the return window).', data: ref('Order') },
  { type: 'order.updated', description: 'An order changed otherwise (addresses, notes, fulfilment or payment status).', data: ref('Order') },
  { type: 'payment.succeeded', description: 'A payment of an order succeeded (captured).', data: payment },
  { type: 'payment.failed', description: 'A payment attempt failed; the order stays pending.', data: payment },
  { type: 'refund.created', description: 'A refund of an order was recorded.', data: ref('Refund') },
  { type: 'shipment.created', description: 'A shipment of an order was created (carrier, tracking number, items).', data: ref('Shipment') },
  { type: 'shipment.updated', description: 'A shipment changed (tracking number or carrier).', data: ref('Shipment') },
  { type: 'inventory.updated', description: 'The stock of a variant at a warehouse changed (on hand or reserved).', data: ref('InventoryRecord') },
  { type: 'inventory.low_stock', description: 'The available units of a variant at a warehouse fell below the store\'s low-stock threshold.', data: lowStock },
  { type: 'product.created', description: 'A product was created.', data: ref('Product') },
  { type: 'product.updated', description: 'A product changed (fields, status, prices, translations).', data: ref('Product') },
  { type: 'product.deleted', description: 'A product was deleted; `data` is its last state.', data: ref('Product') },
  { type: 'variant.created', description: 'A variant was added to a product.', data: ref('Variant') },
  { type: 'variant.updated', description: 'A variant changed.', data: ref('Variant') },
  { type: 'variant.deleted', description: 'A variant was deleted; `data` is its last state.', data: ref('Variant') },
  { type: 'category.created', description: 'A category was created.', data: ref('Category') },
  { type: 'category.updated', description: 'A category changed.', data: ref('Category') },
  { type: 'category.deleted', description: 'A category was deleted; `data` is its last state.', data: ref('Category') },
  { type: 'page.created', description: 'A CMS page was created.', data: page },
  { type: 'page.updated', description: 'A CMS page changed.', data: page },
  { type: 'page.deleted', description: 'A CMS page was deleted; `data` is its last state.', data: page },
  { type: 'customer.created', description: 'A customer account was created (registration or by staff).', data: account },
  { type: 'customer.updated', description: 'A customer\'s profile changed.', data: ref('Customer') },
  { type: 'warehouse.created', description: 'A warehouse (stock location) was created.', data: ref('Warehouse') },
  { type: 'warehouse.updated', description: 'A warehouse changed.', data: ref('Warehouse') },
  { type: 'warehouse.deleted', description: 'A warehouse was deleted; `data` is its last state.', data: ref('Warehouse') },
  { type: 'voucher.created', description: 'A voucher was created.', data: ref('Voucher') },
  { type: 'voucher.updated', description: 'A voucher changed.', data: ref('Voucher') },
  { type: 'voucher.deleted', description: 'A voucher was deleted; `data` is its last state.', data: ref('Voucher') },
  { type: 'shipping_method.created', description: 'A shipping method was created.', data: ref('ShippingMethod') },
  { type: 'shipping_method.updated', description: 'A shipping method changed.', data: ref('ShippingMethod') },
  { type: 'shipping_method.deleted', description: 'A shipping method was deleted; `data` is its last state.', data: ref('ShippingMethod') },
  { type: 'store.updated', description: 'The store\'s settings changed.', data: ref('Store') },
  { type: 'theme.activated', description: 'Staff activated a theme: the storefront uses it from now on.', data: ref('Theme') },
  { type: 'theme.updated', description: 'Staff changed a theme\'s settings; `data.settings` holds every setting of the theme (stored values over defaults).', data: ref('ThemeSettings') },
  { type: 'plugin.updated', description: 'A plugin was enabled, disabled or configured (through the API or `npx storekeep plugins`). `data` is the plugin resource: its state after the change and its settings, secrets never included (`secrets_set` names those that have a value).', data: ref('Plugin') },
];

/** The catalogue of this store: the built-in events plus those other plugins add. */
export class EventCatalogue {
  private readonly entries = new Map<string, CatalogueEntry>();

  constructor(
    entries: CatalogueEntry[] = BUILT_IN_EVENTS,
    private readonly onAdd: (entry: CatalogueEntry) => void = () => undefined,
  ) {
    for (const entry of entries) this.add(entry);
  }

  /** Adds an event type (`resource.past_tense`) that endpoints may then subscribe to. */
  add(entry: CatalogueEntry): void {
    // The rule plugins' declared types follow too (kernel/plugin-declarations.ts).
    if (!EVENT_TYPE_PATTERN.test(entry.type)) throw new Error(`Event type "${entry.type}" must look like resource.past_tense.`);
    if (this.entries.has(entry.type)) throw new Error(`Event type "${entry.type}" is already in the webhook catalogue.`);
    this.entries.set(entry.type, entry);
    this.onAdd(entry);
  }

  /** An event type a plugin declared; one the catalogue already has is refused, naming the plugin. */
  addDeclared(declared: DeclaredEvent): void {
    if (this.entries.has(declared.type)) throw new Error(`Plugin "${declared.plugin}" declares event type "${declared.type}", which the store already has.`);
    const description = [declared.summary.trim().replace(/([^.])$/, '$1.'), declared.description?.trim()].filter(Boolean).join(' ');
    this.add({ type: declared.type, description, data: declared.schema, plugin: declared.plugin });
  }

  has(type: string): boolean {
    return this.entries.has(type);
  }

  list(): CatalogueEntry[] {
    return [...this.entries.values()].sort((a, b) => byCodeUnits(a.type, b.type));
  }
}

/** The OpenAPI 3.1 Path Item of one event type: the POST the store sends, its headers and body. */
export function openApiEntry(entry: CatalogueEntry): Record<string, unknown> {
  const header = (description: string, schema: object) => ({ description, required: true, schema });
  return {
    post: {
      operationId: `webhook_${entry.type.replace(/\./g, '_')}`,
      summary: entry.type,
      description: `${entry.description}${entry.plugin ? ` Emitted by plugin \`${entry.plugin}\`.` : ''} Sent to every active endpoint subscribed to \`${entry.type}\` or \`*\`.`,
      ...(entry.plugin ? { 'x-plugin': entry.plugin } : {}),
      tags: ['webhooks'],
      security: [],
      parameters: [
        { in: 'header', name: 'X-Service-Signature', ...header('Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint\'s signing secret.', { type: 'string', pattern: '^[0-9a-f]{64}$' }) },
        { in: 'header', name: 'X-Service-Event-Id', ...header('The event id (the same on every retry): deduplicate by it.', { type: 'string' }) },
        { in: 'header', name: 'X-Service-Event-Type', ...header('The event type.', { type: 'string', enum: [entry.type] }) },
        { in: 'header', name: 'X-Service-Timestamp', ...header('Unix time (seconds) of this delivery attempt.', { type: 'string' }) },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'type', 'created_at', 'data'],
              properties: {
                id: { type: 'integer', description: 'Unique event id.' },
                type: { type: 'string', enum: [entry.type] },
                created_at: { type: 'string', format: 'date-time' },
                data: entry.data,
              },
            },
          },
        },
      },
      responses: {
        '200': { description: 'Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days.' },
      },
    },
  };
}
