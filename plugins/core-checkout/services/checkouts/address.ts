import type { FieldErrors } from '../../../../kernel/http/errors.ts';
import { isCountryCode } from '../../../../kernel/geo/countries.ts';
import type { Address } from '../../contracts.ts';
import { addError } from '../../errors.ts';

const REQUIRED = ['first_name', 'last_name', 'address_line_1', 'city', 'postal_code'] as const;
const OPTIONAL = ['address_line_2', 'state', 'phone', 'company'] as const;
const EMAIL = /^[^\s@"<>()[\],;:\\]+@[^\s@"<>()[\],;:\\]+\.[^\s@"<>()[\],;:\\]+$/;

/**
 * Reads an address, naming every missing or bad field under `field` (`shipping_address.city`):
 * first_name, last_name, address_line_1, city, postal_code and an ISO 3166-1 alpha-2 country (any case)
 * are required; address_line_2, state, phone and company are optional. Text is trimmed.
 */
export function readAddress(input: unknown, field: string, errors: FieldErrors): Address | undefined {
  if (input === undefined || input === null) {
    addError(errors, field, 'This field is required.');
    return undefined;
  }
  const raw = input as Record<string, unknown>;
  const before = Object.keys(errors).length;
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string).trim() : '');
  const address: Record<string, string | null> = {};
  for (const name of REQUIRED) {
    address[name] = text(name);
    if (!address[name]) addError(errors, `${field}.${name}`, 'This field is required.');
  }
  for (const name of OPTIONAL) address[name] = text(name) || null;
  const country = text('country').toUpperCase();
  if (!country) addError(errors, `${field}.country`, 'This field is required.');
  else if (!isCountryCode(country)) addError(errors, `${field}.country`, `"${text('country')}" is not an ISO 3166-1 alpha-2 country code.`);
  address.country = country;
  return Object.keys(errors).length === before ? (address as unknown as Address) : undefined;
}

/** Reads an e-mail address (trimmed; one @, a dot in the domain, at most 254 characters). */
export function readEmail(input: unknown, field: string, errors: FieldErrors): string | undefined {
  const value = typeof input === 'string' ? input.trim() : '';
  if (!value) addError(errors, field, 'This field is required.');
  else if (value.length > 254 || !EMAIL.test(value)) addError(errors, field, 'Enter a valid e-mail address.');
  else return value;
  return undefined;
}
