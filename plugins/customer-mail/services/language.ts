/** The language a mail is written in when nothing else is known or available. */
export const FALLBACK_LANGUAGE = 'en';

/** "de-AT" → "de"; a plain language stays as it is. */
export function baseLanguage(tag: string): string {
  return tag.split('-')[0];
}

/**
 * The languages to try for an order's mail, best first: the order's language, its base language, the
 * store's default language, its base, then English. Empty and repeated entries are left out.
 */
export function languageCandidates(orderLanguage: string | null | undefined, storeDefault: string | null | undefined): string[] {
  const out: string[] = [];
  for (const tag of [orderLanguage, storeDefault]) {
    if (typeof tag !== 'string' || tag.trim() === '') continue;
    out.push(tag.trim(), baseLanguage(tag.trim()));
  }
  out.push(FALLBACK_LANGUAGE);
  const seen = new Set<string>();
  return out.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The first candidate among the available languages (compared case-insensitively), in its available spelling. */
export function pickLanguage(candidates: string[], available: string[]): string {
  for (const tag of candidates) {
    const found = available.find((a) => a.toLowerCase() === tag.toLowerCase());
    if (found) return found;
  }
  return FALLBACK_LANGUAGE;
}
