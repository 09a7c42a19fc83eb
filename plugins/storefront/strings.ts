/**
 * A theme's UI strings: `{{ 'cart.title' | t }}` looks the key up in the page language's locale file,
 * then in the store's default language, then in English; `{{ 'cart.count' | t: count: 3 }}` fills
 * `{{ count }}` in the string. A missing key shows the key itself, so a gap is visible, never blank.
 */
export type LocaleStrings = Record<string, unknown>;

function lookup(strings: LocaleStrings, key: string): string | undefined {
  let node: unknown = strings;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function translate(chain: LocaleStrings[], key: string, values: Record<string, unknown> = {}): string {
  let text: string | undefined;
  for (const strings of chain) {
    text = lookup(strings, key);
    if (text !== undefined) break;
  }
  if (text === undefined) return key;
  return text.replace(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name] ?? '') : whole));
}
