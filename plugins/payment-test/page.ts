/**
 * The hosted test payment page (docs/api.md, payments in test mode): plain HTML with one form that works without
 * JavaScript. Every value that reaches the markup goes through `escapeHtml`.
 */
import { escapeHtml } from '../../kernel/http/html.ts';

/** The page's Content-Security-Policy: no scripts, no outside resources, forms post back to the store only. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'";

/** Headers of every hosted page: the CSP, no caching (the page shows live state), no framing, no referrer (the URL carries a token). */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': PAGE_CSP,
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
});

// Also reached through this module by the page's tests.
export { escapeHtml };

export interface PaymentPageView {
  storeName: string;
  orderNumber: string;
  /** The amount as the shopper reads it: "20.00 EUR". */
  amount: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  /** Where the form posts: the page's own URL, token included. */
  action: string;
  /** The checkout's return page, linked once the payment is settled. */
  returnUrl: string;
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: .5rem; padding: 2rem; box-shadow: 0 1px 3px rgb(0 0 0 / .15); }
  .badge { display: inline-block; background: #fef3c7; color: #92400e; border-radius: .25rem; padding: .2rem .5rem; font-size: .85rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; }
  dt { color: #52525b; } dd { margin: 0; font-weight: 600; }
  form { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { flex: 1; font: inherit; padding: .7rem; border-radius: .375rem; border: 1px solid #a1a1aa; background: #fff; cursor: pointer; }
  button.succeed { background: #15803d; border-color: #15803d; color: #fff; }`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const SETTLED: Record<string, string> = {
  succeeded: 'This payment has succeeded.',
  failed: 'This payment has failed.',
  cancelled: 'This payment was cancelled.',
};

/** The page of one payment: the form while it is pending, its outcome and a way back once settled. */
export function renderPaymentPage(view: PaymentPageView): string {
  const details = `<dl><dt>Order</dt><dd>${escapeHtml(view.orderNumber)}</dd><dt>Amount</dt><dd>${escapeHtml(view.amount)}</dd></dl>`;
  const action =
    view.status === 'pending'
      ? `<form method="post" action="${escapeHtml(view.action)}">
<button type="submit" name="outcome" value="succeeded" class="succeed">Pay (succeeds)</button>
<button type="submit" name="outcome" value="failed">Fail the payment</button>
</form>`
      : `<p>${SETTLED[view.status] ?? 'This payment is settled.'}</p>
<p><a href="${escapeHtml(view.returnUrl)}">Back to the store</a></p>`;
  return layout(
    `Test payment · ${view.storeName}`,
    `<p class="badge">Test mode: no real money moves</p>
<h1>${escapeHtml(view.storeName)}</h1>
<p>Test payment. Choose what the payment should do.</p>
${details}
${action}`,
  );
}

/** The page for a link that names no payment this gateway knows (or carries the wrong token). */
export function renderNotFoundPage(): string {
  return layout('Payment not found', '<h1>Payment not found</h1>\n<p>This payment link is unknown or no longer valid.</p>');
}
