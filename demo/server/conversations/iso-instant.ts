// An ISO 8601 instant as the Conversations and Concurrent Calls queries take it: a date
// (midnight UTC), or a date and time with `Z`, an offset, or neither (read as UTC, the zone every
// answer is written in). Each field is checked against the calendar, so `2026-11-31` or
// `2026-02-30` is refused instead of rolling over into the next month as `Date.parse` would.

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Epoch ms, or undefined when the text is not an instant the calendar has. */
export function parseIsoInstant(raw: string): number | undefined {
  // An unencoded "+01:00" offset arrives as a space in a query string.
  const match = INSTANT.exec(raw.replace(/ (\d{2}:?\d{2})$/, '+$1'));
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone = 'Z'] = match;
  const fields = { year: Number(year), month: Number(month), day: Number(day), hour: Number(hour), minute: Number(minute) };
  const seconds = Number(second);
  if (fields.month < 1 || fields.month > 12) return undefined;
  if (fields.day < 1 || fields.day > daysInMonth(fields.year, fields.month)) return undefined;
  if (fields.hour > 23 || fields.minute > 59 || seconds > 59) return undefined;
  const offset = offsetMinutes(zone);
  if (offset === undefined) return undefined;
  const millis = Math.floor(Number(`0.${fraction}`) * 1000);
  const utc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, seconds, millis);
  return utc - offset * 60_000;
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function offsetMinutes(zone: string): number | undefined {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes);
}
