/** The checkout's hosted payment page (`payment_url`), also the gateways' return page. */
export function payPageUrl(baseUrl: string, checkoutId: string): string {
  return `${baseUrl}/checkout/${checkoutId}/pay/`;
}
