// The four body types of the External Events webhook, each read into something a dotted path
// can walk: JSON as it is, a form as an object of strings, XML as nested objects of element
// text (fast-xml-parser), plain text as a string.

import { parseJsonBody } from '../http/http-io';

export type BodyKind = 'json' | 'form' | 'xml' | 'text';

export type ParsedBody = { ok: true; kind: BodyKind; value: unknown } | { ok: false; error: string };

type XmlLibrary = typeof import('fast-xml-parser');
let xmlLibrary: Promise<XmlLibrary> | undefined;

/** Loaded with the first XML body, not at server start. */
function loadXml(): Promise<XmlLibrary> {
  xmlLibrary ??= import('fast-xml-parser');
  return xmlLibrary;
}

export function bodyKind(contentType: string | undefined): BodyKind | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  if (type === 'text/plain') return 'text';
  return undefined;
}

export async function parseBody(kind: BodyKind, text: string): Promise<ParsedBody> {
  switch (kind) {
    case 'json': {
      const parsed = parseJsonBody(text);
      return parsed.ok ? { ok: true, kind, value: parsed.value } : { ok: false, error: 'Body is not valid JSON' };
    }
    case 'form': {
      const value: Record<string, string> = {};
      // The first of repeated keys wins, as most form readers do.
      for (const [key, item] of new URLSearchParams(text)) if (!(key in value)) value[key] = item;
      return { ok: true, kind, value };
    }
    case 'xml': {
      const { XMLParser, XMLValidator } = await loadXml();
      if (text.trim() === '' || XMLValidator.validate(text) !== true) return { ok: false, error: 'Body is not well-formed XML' };
      const parser = new XMLParser({ ignoreAttributes: true, ignoreDeclaration: true, ignorePiTags: true, parseTagValue: false });
      const value: unknown = parser.parse(text);
      return { ok: true, kind, value };
    }
    case 'text':
      return { ok: true, kind, value: text };
  }
}

/**
 * Walks a dotted path (`data.payment.id`). A key that itself contains dots is found too, and an
 * XML document's single root element may be left out of the path.
 */
export function valueAt(value: unknown, path: string): unknown {
  if (!isObject(value)) return undefined;
  if (path in value) return value[path];
  const direct = walk(value, path.split('.'));
  if (direct !== undefined) return direct;
  const roots = Object.values(value);
  return roots.length === 1 && isObject(roots[0]) ? walk(roots[0], path.split('.')) : undefined;
}

function walk(value: unknown, keys: readonly string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** `key: value` or `key=value` lines of a plain-text body, for an id carried in the text. */
export function textField(text: string, name: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([^:=\s]+)\s*[:=]\s*(.*?)\s*$/.exec(line);
    if (match?.[1] === name) return match[2];
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
