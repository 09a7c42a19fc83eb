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

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

type Data = Record<string, any>;

// The mail of each event type that has one, from the event's data (an object).
const TRIGGERS = new Map<string, (data: Data) => MailTrigger | null>([
  ['order.paid', (data) => ({ kind: 'order-confirmation', orderId: Number(data.id), order: data, extra: {} })],
  ['order.cancelled', (data) => ({ kind: 'order-cancelled', orderId: Number(data.id), order: data, extra: {} })],
  ['shipment.created', (data) => (data.notify_customer === true ? { kind: 'shipping-confirmation', orderId: Number(data.order_id), extra: { shipment: data } } : null)],
  ['refund.created', (data) => (data.notify_customer === true ? { kind: 'refund-notice', orderId: Number(data.order_id), extra: { refund: data } } : null)],
]);

/** The mail an event triggers, or null for the events (and shipments and refunds without notify_customer) that send none. */
export function triggerFor(event: EventRecord): MailTrigger | null {
  // The type first: the event's data is parsed only when a tap reads it.
  const trigger = TRIGGERS.get(event.type);
  if (!trigger) return null;
  const data = event.data;
  return isObject(data) ? trigger(data) : null;
}
