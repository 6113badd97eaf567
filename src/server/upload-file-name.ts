// The name a visitor's file is kept and served under: the visitor's own, cleaned so that it can
// never be a path, hide its real extension behind invisible characters, or break a header.

/** Longest cleaned name, in characters (extension included). */
export const MAX_NAME_CHARS = 120;
const MAX_EXTENSION_CHARS = 10;

/**
 * Last path segment only (both separators), NFC, no control or format characters (bidi overrides
 * like U+202E could show `gpj.exe` as `exe.jpg`), runs of spaces collapsed, no leading or trailing
 * dots and spaces, bounded keeping the extension. The extension is the found type's when the
 * visitor's does not name it (`invoice.html` holding a PDF is kept as `invoice.pdf`).
 */
export function cleanFileName(raw: string, extensions: readonly string[]): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  const visible = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s.]+|[\s.]+$/gu, '');
  const dot = visible.lastIndexOf('.');
  const hasExtension = dot > 0 && visible.length - dot - 1 <= MAX_EXTENSION_CHARS;
  const stem = (hasExtension ? visible.slice(0, dot) : visible).replace(/[\s.]+$/u, '');
  const given = hasExtension ? visible.slice(dot + 1).toLowerCase() : '';
  const extension = extensions.length === 0 || extensions.includes(given) ? given : (extensions[0] ?? '');
  const suffix = extension === '' ? '' : `.${extension}`;
  const bounded = [...(stem === '' ? 'file' : stem)]
    .slice(0, MAX_NAME_CHARS - suffix.length)
    .join('')
    .replace(/[\s.]+$/u, '');
  return `${bounded === '' ? 'file' : bounded}${suffix}`;
}
