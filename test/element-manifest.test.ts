// custom-elements.json (shipped, package.json `customElements`) must say what the element does:
// regenerated from the element's own lists, it must be the committed file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { elementManifest, manifestText } from '../scripts/element-manifest';
import { propertyName } from '../src/element/element-names';
import { OBSERVED_ATTRIBUTES, PROPERTY_OPTIONS } from '../src/element/element-options';

const committed = readFileSync(new URL('../custom-elements.json', import.meta.url), 'utf8');

describe('custom-elements.json', () => {
  it('is what the element lists make (run `npx tsx scripts/element-manifest.ts` after changing an option)', () => {
    expect(committed).toBe(manifestText());
  });

  it('names every observed attribute and every property, and package.json points to it', () => {
    const manifest = JSON.stringify(elementManifest());
    const [declaration] = JSON.parse(committed).modules[0].declarations;
    expect(declaration.attributes.map((attribute: { name: string }) => attribute.name).sort()).toEqual([...OBSERVED_ATTRIBUTES].sort());
    const fields = declaration.members
      .filter((member: { kind: string }) => member.kind === 'field')
      .map((member: { name: string }) => member.name);
    expect(fields.sort()).toEqual([...PROPERTY_OPTIONS.map(propertyName), 'inline'].sort());
    expect(manifest).toContain('"chat-title"');
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(pkg.customElements).toBe('custom-elements.json');
    expect(pkg.files).toContain('custom-elements.json');
  });
});
