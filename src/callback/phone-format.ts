// The number as the visitor types it, grouped for reading: a bare national run of digits becomes
// 202 555 0100; what the visitor spaced or wrote with + is left as typed. Light on purpose: the site's endpoint validates the number with a
// full library; the widget only keeps what a phone number can hold and spaces long digit runs.

/** Characters a typed phone number may hold. */
export function cleanNumber(typed: string): string {
  return typed.replace(/[^\d+()\-.\s]/g, '').replace(/(?!^)\+/g, '');
}

/** Groups a run of bare digits by threes, the last group of four (a national number as typed). */
export function formatNumber(typed: string): string {
  const clean = cleanNumber(typed);
  // The visitor's own spacing, punctuation or + is kept: only a bare national run of digits is grouped.
  if (/[\s()\-.]/.test(clean)) return clean;
  if (clean.startsWith('+') || clean.length < 7) return clean;
  return `${clean.slice(0, -4).replace(/(\d{3})(?=\d)/g, '$1 ')} ${clean.slice(-4)}`;
}

/** The region of a locale ("fr-CA" → "CA", "ar" → its likely region, e.g. "EG"), if any. */
export function regionOf(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).maximize().region;
  } catch {
    return undefined;
  }
}
