import type { Money } from '../../../kernel/money/money.ts';
import type { PaymentMethod } from '../contracts.ts';
import type { CheckoutView } from '../services/checkouts/checkout-view.ts';
import { escapeHtml as e } from './html.ts';

/** `shipping`: no shipping method chosen yet (the page asks for one before it offers to pay). */
export type PageState = 'shipping' | 'open' | 'paid' | 'expired';

/** What the hosted payment page shows. */
export interface PayPageModel {
  storeName: string;
  lang: string;
  checkout: CheckoutView;
  state: PageState;
  methods: PaymentMethod[];
  /** The order's status in words, once the order exists. */
  orderStatus?: string | null;
  /** The form's action (this page) and its CSRF token. */
  action: string;
  token: string;
  error?: string | null;
  /** Offline payment instructions of the order's pending payment. */
  instructions?: string | null;
}

const money = (m: Money) => `${e(m.amount)}&nbsp;${e(m.currency)}`;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
table{width:100%;border-collapse:collapse}td,th{padding:.3rem .4rem;border-bottom:1px solid #ddd;text-align:left}
td.n,th.n{text-align:right}.notice{padding:.6rem .8rem;border-radius:.3rem;margin:1rem 0}
.error{background:#fde8e8;color:#8a1c1c}.ok{background:#e6f4ea;color:#1e5e2f}.info{background:#eef3fb}
fieldset{border:1px solid #ddd;border-radius:.3rem;margin:1rem 0}label{display:block;margin:.3rem 0}
button{font:inherit;padding:.5rem 1.2rem}small{color:#666}`;

function summary(c: CheckoutView): string {
  const rows = c.items
    .map((i) => {
      const options = Object.entries(i.options).map(([k, v]) => `${e(k)}: ${e(v)}`).join(', ');
      return `<tr><td>${e(i.name)}${options ? `<br><small>${options}</small>` : ''}<br><small>${e(i.sku)}</small></td><td class="n">${e(i.quantity)}</td><td class="n">${money(i.unit_price)}</td><td class="n">${money(i.total)}</td></tr>`;
    })
    .join('\n');
  const line = (label: string, m: Money) => `<tr><td colspan="3">${label}</td><td class="n">${money(m)}</td></tr>`;
  const discount = Number(c.discount.amount) ? line('Discount', { ...c.discount, amount: `-${c.discount.amount}` }) : '';
  const shippingLabel = c.shipping_method ? `Shipping (${e(c.shipping_method.name)})` : 'Shipping';
  const tax = c.prices_include_tax ? line('Included tax', c.tax) : line('Tax', c.tax);
  return `<table>
<thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Price</th><th class="n">Total</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${line('Subtotal', c.subtotal)}
${discount}
${line(shippingLabel, c.shipping)}
${tax}
<tr><th colspan="3">Total</th><th class="n">${money(c.total)}</th></tr>
</tfoot>
</table>`;
}

interface Choice {
  id: string | number;
  label: string;
  description?: string | null;
}

// A form of radio choices (the first checked) posting back to this page with its token.
function choiceForm(m: PayPageModel, field: string, legend: string, choices: Choice[], submit: string): string {
  const inputs = choices
    .map((c, i) => {
      const description = c.description ? `<br><small>${e(c.description)}</small>` : '';
      return `<label><input type="radio" name="${field}" value="${e(String(c.id))}"${i === 0 ? ' checked' : ''}> ${c.label}${description}</label>`;
    })
    .join('\n');
  return `<form method="post" action="${e(m.action)}">
<input type="hidden" name="token" value="${e(m.token)}">
<fieldset><legend>${legend}</legend>
${inputs}
</fieldset>
<button type="submit">${submit}</button>
</form>`;
}

function form(m: PayPageModel): string {
  if (m.methods.length === 0) return '<p class="notice info">No payment method is available for this order.</p>';
  const choices = m.methods.map((method) => ({ id: method.id, label: e(method.name), description: method.description }));
  return choiceForm(m, 'payment_method_id', 'Payment method', choices, `Pay ${money(m.checkout.total)}`);
}

/** The shipping methods offered for the address, as a form that posts back to this page. */
function shippingForm(m: PayPageModel): string {
  const rates = m.checkout.shipping_methods;
  if (rates.length === 0) return '<p class="notice info">We do not ship to this address. Please change the address of your order.</p>';
  const choices = rates.map((rate) => ({ id: rate.id, label: `${e(rate.name)} · ${money(rate.price)}`, description: rate.description }));
  return choiceForm(m, 'shipping_method_id', 'Shipping method', choices, 'Continue to payment');
}

function body(m: PayPageModel): string {
  const order = m.checkout.order;
  if (m.state === 'paid') {
    const status = m.orderStatus ? `<p>Order status: <strong>${e(m.orderStatus)}</strong></p>` : '';
    return `<p class="notice ok">Thank you! Your payment was received.${order ? ` Your order number is <strong>${e(order.order_number)}</strong>.` : ''}</p>${status}`;
  }
  if (m.state === 'expired') return '<p class="notice error">This checkout has expired: its order was not paid in time. Please start again from your cart.</p>';
  const parts: string[] = [];
  if (m.error) parts.push(`<p class="notice error">${e(m.error)}</p>`);
  if (m.instructions) {
    parts.push(`<div class="notice info"><p>${order ? `Order <strong>${e(order.order_number)}</strong> is awaiting payment.` : ''}</p><p>${e(m.instructions)}</p></div>`);
  }
  parts.push(m.state === 'shipping' ? shippingForm(m) : form(m));
  return parts.join('\n');
}

/** The hosted payment page: the order summary and a form of the payment methods (no JavaScript). */
export function renderPayPage(m: PayPageModel): string {
  return `<!doctype html>
<html lang="${e(m.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${e(m.storeName)} · Payment</title><style>${STYLE}</style></head>
<body>
<h1>${e(m.storeName)}</h1>
<h2>Your order</h2>
${summary(m.checkout)}
${body(m)}
</body>
</html>
`;
}

/** A page for an unknown checkout, or a refused form. */
export function renderMessagePage(storeName: string, title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(storeName)} · ${e(title)}</title><style>${STYLE}</style></head>
<body><h1>${e(title)}</h1><p>${e(text)}</p></body></html>
`;
}
