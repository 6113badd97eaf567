// The conversation file's minifier shortens the property names of vite.mangled-properties.ts. A
// name that is also on the wire, in the public surface or a built-in would break the widget for
// real visitors while every source-level test still passes: this test is where that fails.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtInNames, exportedTypeMembers, quotedNames, wireContractAndLibraryNames } from '../scripts/reserved-property-names';
import { MANGLED_PROPERTIES, mangledPropertiesPattern } from '../vite.mangled-properties';

describe('the property names the script build shortens', () => {
  it('are none of the wire, contract, tab-message or library names', () => {
    const reserved = wireContractAndLibraryNames();
    expect(MANGLED_PROPERTIES.filter((name) => reserved.has(name))).toEqual([]);
  });

  it('are no member of a type the package exports', () => {
    const members = exportedTypeMembers();
    expect(members.has('destroy')).toBe(true); // WebchatHandle's, read from src/handle.ts
    expect(members.has('onOpenChange')).toBe(true); // WebchatProps', read from src/ui/Webchat.tsx
    expect(MANGLED_PROPERTIES.filter((name) => members.has(name))).toEqual([]);
  });

  it('are never read by string in our sources', () => {
    const quoted = quotedNames();
    expect(MANGLED_PROPERTIES.filter((name) => quoted.has(name))).toEqual([]);
  });

  it('are never read by the Chat REST transport, whose file is built apart and unshortened', () => {
    const folder = new URL('../src/transport/rest/', import.meta.url);
    const sources = readdirSync(folder)
      .filter((file) => /\.ts$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(new URL(file, folder), 'utf8'))
      .join('\n');
    expect(sources).toContain('createRestTransport');
    expect(MANGLED_PROPERTIES.filter((name) => new RegExp(`\\b${name}\\b`).test(sources))).toEqual([]);
  });

  it('are no property of a JavaScript or DOM built-in', async () => {
    const builtIns = await builtInNames();
    expect(builtIns.has('addEventListener')).toBe(true);
    expect(MANGLED_PROPERTIES.filter((name) => builtIns.has(name))).toEqual([]);
  });

  it('are matched exactly by the pattern Terser is given, and nothing else', () => {
    for (const name of MANGLED_PROPERTIES) expect(mangledPropertiesPattern.test(name)).toBe(true);
    for (const name of ['text', 'formOpenX', 'xformOpen', 'status']) expect(mangledPropertiesPattern.test(name)).toBe(false);
  });
});
