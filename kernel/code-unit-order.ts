/**
 * Orders strings by their UTF-16 code units, as `<` does: the same order on every machine and in every
 * locale, for names that are identifiers (event types, plugin, theme and folder names). `localeCompare`
 * would load ICU's collation data into the process for an order nobody reads as language: 2.7 MiB of the
 * idle store's resident set, touched at start only to sort the themes and the OpenAPI webhooks. Text
 * shown to people in their language keeps `localeCompare(other, lang)`.
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
