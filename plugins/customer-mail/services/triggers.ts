import type { EventRecord } from '../../../kernel/events.ts';
import type { MailKind } from './templates.ts';

/** Which mail an event asks for, about which order, with what else the templates show. */
export interface MailTrigger {
  kind: MailKind;
  orderId: number;
  /** The order as the event carried it (order events carry the full view); else it is read. */
  order?: Record<string, any>;
  /** Extra template variables: `shipment` or `refund`. */
  extra: Record<string, unknown>;
}

const MAIL_TYPES = new Set(['order.paid', 'order.cancelled', 'shipment.created', 'refund.created']);

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The mail an event triggers, or null for the events (and shipments and refunds without notify_customer) that send none. */
export function triggerFor(event: EventRecord): MailTrigger | null {
  // The type first: the event's data is parsed only when a tap reads it.
  if (!MAIL_TYPES.has(event.type)) return null;
  const data = event.data;
  if (!isObject(data)) return null;
  switch (event.type) {
    case 'order.paid':
      return { kind: 'order-confirmation', orderId: Number(data.id), order: data, extra: {} };
    case 'order.cancelled':
      return { kind: 'order-cancelled', orderId: Number(data.id), order: data, extra: {} };
    case 'shipment.created':
      return data.notify_customer === true ? { kind: 'shipping-confirmation', orderId: Number(data.order_id), extra: { shipment: data } } : null;
    case 'refund.created':
      return data.notify_customer === true ? { kind: 'refund-notice', orderId: Number(data.order_id), extra: { refund: data } } : null;
    default:
      return null;
  }
}
