// The demo page's "Things to say" table and the agent's `help` list the same phrases: the
// table is hand-written HTML, so this keeps it in step with the agent's trigger table.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRIGGER_PHRASES } from './server/agent/triggers';

const page = readFileSync(new URL('./index.html', import.meta.url), 'utf8');
const table = page.slice(page.indexOf('<section aria-labelledby="h-phrases">'), page.indexOf('</table>'));
/** The phrases of the table's first column (`a` / `b` cells list two). */
const tablePhrases = [...table.matchAll(/<tr><td>(.*?)<\/td>/g)].flatMap(([, cell = '']) =>
  [...cell.matchAll(/<code>(.*?)<\/code>/g)].map(([, phrase = '']) => phrase.toLowerCase()),
);

describe("the demo page's phrase table", () => {
  it("lists every phrase the agent's help lists, and no other", () => {
    const helpPhrases = TRIGGER_PHRASES.map((phrase) => phrase.example.toLowerCase());
    // "format" is the other keyword of the Markdown reply, shown beside "markdown".
    expect(tablePhrases.filter((phrase) => phrase !== 'format').sort()).toEqual([...helpPhrases].sort());
  });
});
