// ISO 8601 (UTC, milliseconds) for record timestamps. A page of 500 conversations formats a few
// thousand of them; consecutive ones share their day, so the date part is formatted once per day.

const DAY_MS = 86_400_000;
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;

let cachedDay = Number.NaN;
let cachedPrefix = '';

export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_FOUR_DIGIT_YEAR_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${cachedPrefix}${two(hours)}:${two(minutes)}:${two(seconds)}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

function two(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
