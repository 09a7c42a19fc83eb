// Product page enhancement: the variant select already works without this file; with it, choosing a
// variant shows its price and stock in place and keeps ?variant= in the address for sharing.
(() => {
  const data = document.getElementById('product-json');
  const select = document.querySelector('[data-variant-select]');
  if (!data || !select) return;
  const { variants } = JSON.parse(data.textContent || '{}');
  const price = document.querySelector('[data-product-price]');
  const stock = document.querySelector('[data-product-stock]');
  const lang = document.documentElement.lang || 'en';
  const format = (money) => {
    try {
      return new Intl.NumberFormat(lang, { style: 'currency', currency: money.currency }).format(money.amount);
    } catch {
      return `${money.amount} ${money.currency}`;
    }
  };
  const soldOut = stock?.dataset.soldOut;
  select.addEventListener('change', () => {
    const variant = variants.find((v) => String(v.id) === select.value);
    if (!variant) return;
    if (price && variant.price) price.textContent = format(variant.price);
    if (stock) stock.textContent = variant.in_stock ? stock.dataset.inStock || stock.textContent : soldOut || stock.textContent;
    const url = new URL(window.location.href);
    url.searchParams.set('variant', variant.id);
    window.history.replaceState(null, '', url);
  });
})();
