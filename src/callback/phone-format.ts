// The number as the visitor types it, grouped for reading where the grouping is one and well known
// (North American national numbers: 202 555 0100); everything else is left as typed. Light on purpose: the site's endpoint validates the number with a
// full library; the widget only keeps what a phone number can hold and spaces long digit runs.

/** Characters a typed phone number may hold. */
export function cleanNumber(typed: string): string {
  return typed.replace(/[^\d+()\-.\s]/g, '').replace(/(?!^)\+/g, '');
}

/** Countries of the North American plan, whose national numbers read 202 555 0100. */
const GROUPED_3_3_4 = ['US', 'CA'];

/**
 * A national North American number is grouped as it is typed (202 → 202 5 → 202 555 0100, the
 * visitor's own spaces regrouped); anything with other punctuation, a +, or of another country
 * stays as typed.
 */
export function formatNumber(typed: string, country: string): string {
  const clean = cleanNumber(typed);
  const digits = clean.replace(/\s/g, '');
  if (!GROUPED_3_3_4.includes(country) || !/^\d{4,10}$/.test(digits)) return clean;
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean).join(' ');
}

/** The region of a locale ("fr-CA" → "CA", "ar" → its likely region, e.g. "EG"), if any. */
export function regionOf(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).maximize().region;
  } catch {
    return undefined;
  }
}
