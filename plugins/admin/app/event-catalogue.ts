/**
 * The event types a webhook may subscribe to: the `webhooks` section of the store's OpenAPI document
 * (core events and those plugins declare), the same catalogue the API validates against.
 */
let catalogue: Promise<{ type: string; summary: string }[]> | undefined;

export function eventCatalogue(): Promise<{ type: string; summary: string }[]> {
  catalogue ??= fetch('/latest/openapi.json', { credentials: 'same-origin' })
    .then((res) => res.json())
    .then((doc: { webhooks?: Record<string, { post?: { summary?: string } }> }) =>
      Object.entries(doc.webhooks ?? {})
        .map(([type, item]) => ({ type, summary: item.post?.summary ?? '' }))
        .sort((a, b) => a.type.localeCompare(b.type)),
    );
  return catalogue;
}
