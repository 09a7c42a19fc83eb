import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { isCurrencyCode } from '../../../kernel/money/iso4217.ts';
import { parseRate, MoneyFormatError } from '../../../kernel/money/money.ts';
import { canonicalLanguageTag, isLanguageTag } from '../../../kernel/http/accept-language.ts';
import { isCountryCode } from '../../../kernel/geo/countries.ts';
import type { StoreSettings } from './defaults.ts';

const PERCENT = /^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/;

function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/**
 * Checks a complete settings document for what a JSON schema cannot: ISO 4217 currencies, BCP 47
 * languages, ISO 3166 countries, the default among the offered ones, a positive rate for every other
 * currency. Returns the document normalised (canonical language tags) and every problem at once.
 */
export function validateSettings(input: StoreSettings): { settings: StoreSettings; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const s: StoreSettings = { ...input, currencies: [...input.currencies], languages: [...input.languages] };

  s.currencies.forEach((code, i) => {
    if (!isCurrencyCode(code)) add(errors, `currencies.${i}`, `"${code}" is not an ISO 4217 currency code.`);
  });
  if (new Set(s.currencies).size !== s.currencies.length) add(errors, 'currencies', 'Each currency may appear once.');
  if (!isCurrencyCode(s.default_currency)) add(errors, 'default_currency', `"${s.default_currency}" is not an ISO 4217 currency code.`);
  else if (!s.currencies.includes(s.default_currency)) add(errors, 'default_currency', 'Must be one of currencies.');

  for (const [code, rate] of Object.entries(s.exchange_rates)) {
    if (!s.currencies.includes(code)) add(errors, `exchange_rates.${code}`, 'Not one of the store\'s currencies.');
    else if (code === s.default_currency) add(errors, `exchange_rates.${code}`, 'The default currency has no exchange rate.');
    try {
      parseRate(rate);
    } catch (err) {
      if (!(err instanceof MoneyFormatError)) throw err;
      add(errors, `exchange_rates.${code}`, 'Must be a positive decimal string such as "0.92".');
    }
  }
  for (const code of s.currencies) {
    if (code !== s.default_currency && isCurrencyCode(code) && !(code in s.exchange_rates)) {
      add(errors, `exchange_rates.${code}`, `A rate from ${s.default_currency} to ${code} is required.`);
    }
  }

  s.languages = s.languages.map((tag, i) => {
    if (!isLanguageTag(tag)) {
      add(errors, `languages.${i}`, `"${tag}" is not a BCP 47 language tag.`);
      return tag;
    }
    return canonicalLanguageTag(tag);
  });
  if (new Set(s.languages.map((l) => l.toLowerCase())).size !== s.languages.length) add(errors, 'languages', 'Each language may appear once.');
  if (!isLanguageTag(s.default_language)) add(errors, 'default_language', `"${s.default_language}" is not a BCP 47 language tag.`);
  else {
    s.default_language = canonicalLanguageTag(s.default_language);
    if (!s.languages.includes(s.default_language)) add(errors, 'default_language', 'Must be one of languages.');
  }

  const seen = new Set<string>();
  s.tax_rates.forEach((t, i) => {
    if (!isCountryCode(t.country)) add(errors, `tax_rates.${i}.country`, `"${t.country}" is not an ISO 3166-1 country code.`);
    else if (seen.has(t.country)) add(errors, `tax_rates.${i}.country`, 'Each country may appear once.');
    seen.add(t.country);
    if (!PERCENT.test(t.rate)) add(errors, `tax_rates.${i}.rate`, 'Must be a percentage from "0" to "100" with at most 4 decimals.');
  });
  if (s.country !== null && !isCountryCode(s.country)) add(errors, 'country', `"${s.country}" is not an ISO 3166-1 country code.`);
  return { settings: s, errors };
}
