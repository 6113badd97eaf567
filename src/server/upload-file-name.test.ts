import { describe, expect, it } from 'vitest';
import { cleanFileName, MAX_NAME_CHARS } from './upload-file-name';

describe('cleanFileName', () => {
  it.each([
    ['../../etc/passwd.pdf', ['pdf'], 'passwd.pdf'],
    ['C:\\Users\\ann\\Photo.JPG', ['jpg', 'jpeg'], 'Photo.jpg'],
    ['holiday.jpeg', ['jpg', 'jpeg'], 'holiday.jpeg'],
    ['report.html', ['pdf'], 'report.pdf'],
    ['invoice', ['pdf'], 'invoice.pdf'],
    ['in\u202Efdp.exe', ['pdf'], 'infdp.pdf'],
    ['a\u0000b\r\nc.pdf', ['pdf'], 'abc.pdf'],
    ['  many   spaces  .pdf', ['pdf'], 'many spaces.pdf'],
    ['....', ['png'], 'file.png'],
    ['.hidden.pdf', ['pdf'], 'hidden.pdf'],
    ['', ['pdf'], 'file.pdf'],
  ])('%j → %j', (raw, extensions, cleaned) => {
    expect(cleanFileName(raw, extensions)).toBe(cleaned);
  });

  it('bounds the length in characters, keeping the extension', () => {
    const cleaned = cleanFileName(`${'😀'.repeat(500)}.pdf`, ['pdf']);
    expect([...cleaned]).toHaveLength(MAX_NAME_CHARS);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });
});
