// Why a file cannot go, in the visitor's words: the file's name, then the reason.
import type { FeatureText } from '../../seam/types';
import type { Refusal } from './limits';
import type { Key } from './strings/en';
import type { UploadFailure } from './upload-request';

/** A size as a person reads it ("10 MB", "0.5 MB"), in the widget's language. */
export const formatBytes = (bytes: number, lang: string): string =>
  new Intl.NumberFormat(lang, { style: 'unit', unit: 'megabyte', maximumSignificantDigits: 3 }).format(bytes / (1024 * 1024));

/** "photo.png: too big: the limit is 10 MB". */
export function reasonText(text: FeatureText<Key>, name: string, reason: Refusal | UploadFailure, maxBytes?: number): string {
  const why =
    reason !== 'too-big'
      ? text.translate(reason)
      : maxBytes
        ? text.translate('too-big', formatBytes(maxBytes, text.core.lang))
        : text.translate('too-big-plain');
  return `${name}: ${why}`;
}
