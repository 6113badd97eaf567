// What a file is, judged from its bytes alone (file-type reads its signature), never from its name
// or the type the browser declared: a page could name an HTML file `photo.png` and declare it
// image/png. Types that a browser would run or render as a document are never accepted.

import { fileTypeFromFile } from 'file-type';

export const DEFAULT_UPLOAD_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

/**
 * Never accepted, whatever the site lists: markup and scripts a browser runs (SVG carries scripts,
 * HTML and XML are documents), and programs. file-type cannot report text at all (text has no
 * signature), so an HTML or script file is refused as "not recognised" too; this list also stops a
 * site from opening the door by listing one of them.
 */
export const NEVER_ACCEPTED_TYPES: ReadonlySet<string> = new Set([
  'image/svg+xml',
  'text/html',
  'application/xhtml+xml',
  'application/xml',
  'text/xml',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'application/x-sh',
  'application/x-msdownload',
  'application/vnd.microsoft.portable-executable',
  'application/x-msi',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-executable',
  'application/wasm',
  'application/java-archive',
  'application/java-vm',
  'application/vnd.android.package-archive',
  'application/x-apple-diskimage',
  'application/x-shockwave-flash',
]);

/** Extensions a cleaned name may keep for a type, beside the one file-type gives. */
const MORE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpeg', 'jpe', 'jfif'],
  'image/tiff': ['tiff'],
};

export interface FoundType {
  mime: string;
  /** Extensions a name of this type may end with; the first is the one given when it ends otherwise. */
  extensions: readonly string[];
}

export type TypeJudgement = { ok: true; found: FoundType } | { ok: false; message: string };

/** The site's `types` option, checked once when the endpoint is made. */
export function acceptedTypes(types: readonly string[] | undefined): readonly string[] {
  const list = types ?? DEFAULT_UPLOAD_TYPES;
  if (!Array.isArray(list) || list.length === 0)
    throw new TypeError('agent-webchat/server: option "types" must list at least one MIME type');
  for (const type of list) {
    if (typeof type !== 'string' || !/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(type))
      throw new TypeError(`agent-webchat/server: option "types" holds ${JSON.stringify(type)}, not a lowercase MIME type`);
    if (NEVER_ACCEPTED_TYPES.has(type)) throw new TypeError(`agent-webchat/server: option "types" may not accept ${type}: browsers run it`);
  }
  return [...new Set(list)];
}

export async function judgeType(path: string, accepted: readonly string[]): Promise<TypeJudgement> {
  const found = await fileTypeFromFile(path);
  if (!found) return { ok: false, message: 'This kind of file is not accepted (its type could not be recognised)' };
  if (NEVER_ACCEPTED_TYPES.has(found.mime) || !accepted.includes(found.mime))
    return { ok: false, message: `This kind of file is not accepted (${found.mime})` };
  return { ok: true, found: { mime: found.mime, extensions: [found.ext, ...(MORE_EXTENSIONS[found.mime] ?? [])] } };
}
