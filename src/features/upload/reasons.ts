// Why a file cannot go, in the visitor's words: the file's name, then the reason.
import type { FeatureText } from '../../seam/types';
import type { Refusal } from './limits';
import type { Key } from './strings/en';
import type { FileFailure } from './uploads';

const MEGABYTE = 1024 * 1024;

/** A size as a person reads it ("10 MB", "500 kB"), in the widget's language. */
export function formatBytes(bytes: number, lang: string): string {
  const big = bytes >= MEGABYTE;
  return new Intl.NumberFormat(lang, { style: 'unit', unit: big ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
    bytes / (big ? MEGABYTE : 1024),
  );
}

/** "photo.png: too big: the limit is 10 MB". */
export function reasonText(text: FeatureText<Key>, name: string, reason: Refusal | FileFailure, maxBytes?: number): string {
  const why =
    reason !== 'too-big'
      ? text.translate(reason)
      : maxBytes
        ? text.translate('too-big', formatBytes(maxBytes, text.core.lang))
        : text.translate('too-big-plain');
  return `${name}: ${why}`;
}
