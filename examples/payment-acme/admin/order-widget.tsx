import { defineAdminExtension, formatMoney, type Order } from '@storekeep-commerce/sdk/admin';

/**
 * The order page's "Acme payments" card: what Acme holds for this order, so staff need not open
 * Acme's dashboard to answer "did the card go through?".
 */
function AcmePayments({ order }: { order: Order }) {
  const payments = order.payments.filter((p) => p.gateway === 'acme');
  if (payments.length === 0) return <p data-acme-widget>No Acme card payment on this order.</p>;
  return (
    <ul data-acme-widget>
      {payments.map((p) => (
        <li>
          {p.method}: {formatMoney(p.amount)}, {p.status}
          {p.error ? ` (${p.error})` : ''}
        </li>
      ))}
    </ul>
  );
}

export default defineAdminExtension({
  widgets: [{ zone: 'order.details', title: 'Acme payments', component: AcmePayments }],
});
