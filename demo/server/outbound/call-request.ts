// Validation of the trigger body: to_number (E.164, or national with country_code, parsed by
// libphonenumber-js), metadata (string values, base64 under 26 KB), encryption.

import type { CountryCode } from 'libphonenumber-js/max';
import { isRecord } from '../messaging/wire';
import { checkBody } from '../openapi/request-validation';

type PhoneLibrary = typeof import('libphonenumber-js/max');
let phoneLibrary: Promise<PhoneLibrary> | undefined;

/** The full metadata is a few hundred KB: loaded on the first call, not at server start. */
function loadPhoneLibrary(): Promise<PhoneLibrary> {
  phoneLibrary ??= import('libphonenumber-js/max');
  return phoneLibrary;
}

export const ENCRYPTIONS = ['TLS/SRTP', 'TLS/RTP', 'UDP/SRTP', 'UDP/RTP'] as const;
export const MAX_METADATA_BASE64_BYTES = 26 * 1024;

export interface CallRequest {
  toNumber: string;
  metadata: Record<string, string>;
  encryption: string;
}

export type Parsed = { ok: true; value: CallRequest } | { ok: false; error: string };

/** Fields and types are the OpenAPI document's CallRequest; the number, the country and the size are checked here. */
export async function parseCallRequest(body: unknown): Promise<Parsed> {
  // Missing (or blank) and present-but-not-a-string are different mistakes: say which.
  const given = typeof body === 'object' && body !== null && 'to_number' in body ? body.to_number : undefined;
  if (given !== undefined && given !== null && typeof given !== 'string') return { ok: false, error: 'to_number must be a string' };
  const checked = checkBody('triggerCall', body, 'Request body must be a JSON object');
  if (!checked.ok) return { ok: false, error: checked.message };
  const phones = await loadPhoneLibrary();
  const { to_number: to, country_code: country, metadata, encryption } = checked.value;
  if (typeof to !== 'string' || to.trim() === '') return { ok: false, error: 'to_number is required' };
  if (country !== undefined && (typeof country !== 'string' || !isCountryCode(phones, country)))
    return { ok: false, error: 'country_code must be an ISO 3166-1 alpha-2 code' };
  const e164 = toE164(phones, to.trim(), country);
  if (e164 === undefined) {
    return {
      ok: false,
      error:
        to.trim().startsWith('+') || country !== undefined
          ? 'to_number is not a valid phone number'
          : 'to_number must be E.164 or come with country_code',
    };
  }
  const checkedMetadata = parseMetadata(metadata);
  if (!checkedMetadata.ok) return checkedMetadata;
  const knownEncryption = ENCRYPTIONS.find((candidate) => candidate === encryption) ?? 'TLS/SRTP';
  return { ok: true, value: { toNumber: e164, metadata: checkedMetadata.value, encryption: knownEncryption } };
}

function isCountryCode(phones: PhoneLibrary, value: string): value is CountryCode {
  return /^[A-Z]{2}$/.test(value) && phones.isSupportedCountry(value);
}

function toE164(phones: PhoneLibrary, number: string, country: CountryCode | undefined): string | undefined {
  // A national number needs its country; an E.164 one is read as it is.
  if (!number.startsWith('+') && country === undefined) return undefined;
  const parsed = phones.parsePhoneNumberFromString(number, country);
  return parsed?.isValid() ? parsed.number : undefined;
}

function parseMetadata(metadata: unknown): { ok: true; value: Record<string, string> } | { ok: false; error: string } {
  if (!isRecord(metadata)) return { ok: true, value: {} };
  const value: Record<string, string> = {};
  for (const [key, item] of Object.entries(metadata)) if (typeof item === 'string') value[key] = item;
  const base64Bytes = Buffer.from(JSON.stringify(value)).toString('base64').length;
  if (base64Bytes >= MAX_METADATA_BASE64_BYTES) return { ok: false, error: 'metadata exceeds 26 KB when base64-encoded' };
  return { ok: true, value };
}
