/**
 * Accept-Language parsing (RFC 9110 §12.5.4) and lookup-style negotiation (RFC 4647 §3.4)
 * against the languages a store offers. Never throws on client input.
 */

export interface LanguageRange {
  readonly tag: string;
  readonly q: number;
}

const maxHeaderLength = 4096;
const maxEntries = 50;
const maxTagLength = 35;
const rangePattern = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
const weightPattern = /^q[ \t]*=[ \t]*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

function parseEntry(entry: string): LanguageRange | undefined {
  const [rawTag, ...params] = entry.split(';');
  const tag = rawTag!.trim();
  if (!rangePattern.test(tag) || params.length > 1) return undefined;
  let q = 1;
  if (params.length === 1) {
    const weight = weightPattern.exec(params[0]!.trim());
    if (!weight) return undefined;
    q = Number(weight[1]);
  }
  return { tag: tag.toLowerCase(), q };
}

/** The client's language preferences, best first (stable for equal q); tags are lower-cased, bad entries skipped. */
export function parseAcceptLanguage(header: string | undefined): LanguageRange[] {
  if (typeof header !== 'string') return [];
  let text = header;
  if (text.length > maxHeaderLength) {
    text = text.slice(0, maxHeaderLength);
    if (header[maxHeaderLength] !== ',') text = text.slice(0, Math.max(0, text.lastIndexOf(',')));
  }
  const ranges: LanguageRange[] = [];
  let seen = 0;
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    if (++seen > maxEntries) break;
    const range = parseEntry(part);
    if (range) ranges.push(range);
  }
  return ranges
    .map((range, index) => ({ range, index }))
    .sort((a, b) => b.range.q - a.range.q || a.index - b.index)
    .map(({ range }) => range);
}

/** RFC 4647 lookup fallback: "zh-hant-cn-x-a" → "zh-hant-cn" → "zh-hant" → "zh" (dropping orphan singletons). */
function truncations(tag: string): string[] {
  const subtags = tag.split('-');
  const result: string[] = [];
  while (subtags.length > 1) {
    subtags.pop();
    while (subtags.length > 1 && subtags[subtags.length - 1]!.length === 1) subtags.pop();
    result.push(subtags.join('-'));
  }
  return result;
}

function rangeMatches(range: string, tag: string): boolean {
  return tag === range || tag.startsWith(`${range}-`);
}

/**
 * Picks the best of `available` for an Accept-Language header, returning it as spelled in `available`.
 * Tries each preference in order: exact match, then its shorter prefixes ("de-CH" → "de"), then a more
 * specific offer ("de" → "de-DE"). "*" or no usable preference yields `fallback`. A q=0 range excludes
 * the languages it matches unless a more specific range accepts them.
 */
export function negotiateLanguage(header: string | undefined, available: string[], fallback: string): string {
  const ranges = parseAcceptLanguage(header);
  const offers = available.filter((tag) => typeof tag === 'string' && tag !== '').map((tag) => ({ tag, key: tag.toLowerCase() }));
  const excluded = (key: string): boolean => {
    let best: LanguageRange | undefined;
    for (const range of ranges) {
      if (range.tag === '*' || !rangeMatches(range.tag, key)) continue;
      if (!best || range.tag.length > best.tag.length) best = range;
    }
    return best !== undefined && best.q === 0;
  };
  const acceptable = offers.filter((offer) => !excluded(offer.key));
  const exact = (key: string) => acceptable.find((offer) => offer.key === key);

  for (const range of ranges) {
    if (range.q === 0) continue;
    if (range.tag === '*') return fallback;
    const found =
      exact(range.tag) ??
      truncations(range.tag).map(exact).find((offer) => offer !== undefined) ??
      acceptable.find((offer) => offer.key.startsWith(`${range.tag}-`));
    if (found) return found.tag;
  }
  return fallback;
}

/** Whether `tag` is a well-formed BCP 47 language tag; guards locale settings and query parameters. */
export function isLanguageTag(tag: string): boolean {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > maxTagLength) return false;
  if (!/^[A-Za-z0-9-]+$/.test(tag)) return false;
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** The canonical spelling of a language tag ("en-us" → "en-US") so stored locales compare equal; throws if malformed. */
export function canonicalLanguageTag(tag: string): string {
  if (!isLanguageTag(tag)) throw new RangeError(`Not a well-formed language tag: ${JSON.stringify(String(tag))}`);
  return Intl.getCanonicalLocales(tag)[0]!;
}
