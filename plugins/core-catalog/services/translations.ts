import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { addError } from '../errors.ts';
import type { TranslatedText, Translations } from './records.ts';

/**
 * Checks `translations` keys against the store's languages (matched case-insensitively, stored in the
 * store's spelling, sorted so that responses are byte-stable); every unknown language is named.
 */
export function checkTranslations(input: Record<string, TranslatedText> | undefined, languages: string[], errors: FieldErrors, field = 'translations'): Translations {
  const result: Translations = {};
  if (!input) return result;
  const offered = new Map(languages.map((l) => [l.toLowerCase(), l]));
  for (const [lang, text] of Object.entries(input)) {
    const tag = offered.get(lang.toLowerCase());
    if (!tag) {
      addError(errors, `${field}.${lang}`, `Not one of the store's languages: ${languages.join(', ')}.`);
      continue;
    }
    const clean: TranslatedText = {};
    if (text.name !== undefined) clean.name = text.name;
    if (text.description !== undefined) clean.description = text.description;
    result[tag] = clean;
  }
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

// "de-CH-x-a" → ["de-CH-x-a", "de-CH", "de"]: a regional request falls back to its language's text.
function fallbacks(lang: string): string[] {
  const parts = lang.split('-');
  const chain: string[] = [];
  for (let n = parts.length; n > 0; n--) {
    if (n < parts.length && parts[n - 1]!.length === 1) continue;
    chain.push(parts.slice(0, n).join('-'));
  }
  return chain;
}

/**
 * The name and description in `lang`: the translation of that language (or of its base language), field
 * by field, else the base text. `lang` null gives the base text (events, staff views of the record).
 */
export function translated(base: { name: string; description: string }, translations: Translations, lang: string | null): { name: string; description: string } {
  if (!lang) return { name: base.name, description: base.description };
  const byKey = new Map(Object.entries(translations).map(([k, v]) => [k.toLowerCase(), v]));
  let name: string | undefined;
  let description: string | undefined;
  for (const tag of fallbacks(lang.toLowerCase())) {
    const t = byKey.get(tag);
    if (!t) continue;
    name ??= t.name;
    description ??= t.description;
  }
  return { name: name ?? base.name, description: description ?? base.description };
}
