import { COUNTRY_CODES } from '../../../kernel/geo/countries.ts';

const regionNames = new Map<string, Intl.DisplayNames>();

/** Every country for an address form's select, named in the page's language and sorted by that name. */
export function countries(lang: string): Array<{ code: string; name: string }> {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
    regionNames.set(lang, names);
  }
  return [...COUNTRY_CODES].map((code) => ({ code, name: names!.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, lang));
}
