// Which numbers the callback endpoint may ring. libphonenumber-js (full metadata, for the number's
// kind) parses and normalises to E.164; the site's allowed countries, blocked prefixes and the
// kinds of number that cost the site money or reach no person are refused before any call.

import { type CountryCode, isSupportedCountry, type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Kinds a visitor can answer: landlines and mobiles. Premium, shared-cost, toll-free, pagers, VoIP… are refused. */
export const DEFAULT_ALLOWED_KINDS: readonly NonNullable<NumberType>[] = ['FIXED_LINE', 'MOBILE', 'FIXED_LINE_OR_MOBILE'];

export interface NumberRules {
  allowedCountries: readonly string[];
  /** E.164 prefixes never called, e.g. '+1900'. */
  blockedPrefixes: readonly string[];
  allowedKinds: readonly NonNullable<NumberType>[];
}

export type NumberVerdict =
  | { ok: true; e164: string; country: string }
  | { ok: false; code: 'invalid_number' | 'country_not_allowed' | 'blocked_number'; message: string };

const MAX_INPUT_CHARS = 40;

export function checkNumber(toNumber: string, countryCode: string | undefined, rules: NumberRules): NumberVerdict {
  const country = countryCode !== undefined && isSupportedCountry(countryCode) ? countryCode : undefined;
  if (countryCode !== undefined && country === undefined) return { ok: false, code: 'invalid_number', message: 'Unknown country_code' };
  const parsed = toNumber.length <= MAX_INPUT_CHARS ? parsePhoneNumberFromString(toNumber, country) : undefined;
  if (!parsed?.isValid()) return { ok: false, code: 'invalid_number', message: 'Phone number is not valid' };
  const numberCountry = parsed.country;
  if (numberCountry === undefined || !rules.allowedCountries.includes(numberCountry)) {
    return { ok: false, code: 'country_not_allowed', message: 'Phone numbers of this country are not called' };
  }
  const e164 = parsed.number;
  const kind = parsed.getType();
  if (kind === undefined || !rules.allowedKinds.includes(kind) || rules.blockedPrefixes.some((prefix) => e164.startsWith(prefix))) {
    return { ok: false, code: 'blocked_number', message: 'This kind of phone number is not called' };
  }
  return { ok: true, e164, country: numberCountry };
}

export function requireCountries(countries: unknown): readonly CountryCode[] {
  if (!Array.isArray(countries) || countries.length === 0) {
    throw new TypeError('agent-webchat/server: option "allowedCountries" must list at least one ISO 3166-1 alpha-2 code');
  }
  return countries.map((code: unknown) => {
    if (typeof code !== 'string' || !isSupportedCountry(code)) {
      throw new TypeError('agent-webchat/server: option "allowedCountries" holds an unknown country code');
    }
    return code;
  });
}
