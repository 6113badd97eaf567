// Identifiers of build-host resources: a type prefix and random alphanumerics, so every id
// matches its documented pattern (e.g. `^ar_[A-Za-z0-9]+$`).

import { randomBytes } from 'node:crypto';

export function newId(prefix: string): string {
  return `${prefix}${randomBytes(8).toString('hex')}`;
}

export function matchesId(pattern: RegExp, value: string): boolean {
  return value.length <= 128 && pattern.test(value);
}
