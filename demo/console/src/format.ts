// How times, durations and numbers read on the console: local time, to the second.

/**
 * The browser's own locale, or English where it reports one Intl refuses: WebKit started under
 * LANG=C gives "C", and `new Intl.DateTimeFormat(undefined)` then throws a RangeError.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(undefined, options);
  } catch {
    return new Intl.DateTimeFormat('en', options);
  }
}

const timeFormat = dateFormat({ dateStyle: 'medium', timeStyle: 'medium' });
const clockFormat = dateFormat({ timeStyle: 'medium' });

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : timeFormat.format(ms);
}

export function clock(iso: string | null | undefined): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : clockFormat.format(ms);
}

export function seconds(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(value < 10 ? 2 : 0)} s`;
}

export function millis(value: number | null): string {
  return value === null ? '—' : `${Math.round(value)} ms`;
}

/** An ISO time for a `datetime-local` input (local wall time, minutes) and back. */
export function toLocalInput(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

export function fromLocalInput(value: string): string {
  if (!value) return '';
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}
