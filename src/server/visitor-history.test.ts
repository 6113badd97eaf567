// The in-memory visitor history: retention, the cap per visitor, forget; and the list's preview.
import { describe, expect, it } from 'vitest';
import { PREVIEW_CHARS, preview } from './history-records';
import { createMemoryHistory, MAX_HISTORY_ENTRIES } from './visitor-history';

describe('memory visitor history', () => {
  it('keeps entries for the retention, renewed by each new one, then forgets them', async () => {
    let clock = 1_000_000;
    const history = createMemoryHistory(() => clock);
    await history.record('k', { id: 'a', channel: 'chat', at: clock, until: clock + 600_000 }, 100);
    clock += 60_000;
    await history.record('k', { id: 'b', channel: 'phone', at: clock, until: clock + 600_000 }, 100);
    expect((await history.list('k', 100)).map((entry) => entry.id)).toEqual(['a', 'b']);
    clock += 50_000;
    expect((await history.list('k', 100)).map((entry) => entry.id)).toEqual(['b']);
    clock += 60_000;
    expect(await history.list('k', 100)).toEqual([]);
    await history.record('k', { id: 'c', channel: 'chat', at: clock, until: clock }, 100);
    await history.forget('k');
    expect(await history.list('k', 100)).toEqual([]);
  });

  it('keeps the newest entries of one visitor past the cap, and one entry per id', async () => {
    const history = createMemoryHistory(() => 0);
    for (let index = 0; index < MAX_HISTORY_ENTRIES + 5; index++)
      await history.record('k', { id: `s${index}`, channel: 'chat', at: 0, until: 0 }, 100);
    await history.record('k', { id: 's10', channel: 'chat', at: 0, until: 0 }, 100);
    const kept = await history.list('k', 100);
    expect(kept).toHaveLength(MAX_HISTORY_ENTRIES);
    expect(kept[0]?.id).toBe('s5');
    expect(kept.filter((entry) => entry.id === 's10')).toHaveLength(1);
  });
});

describe('preview', () => {
  it('is the first words on one line, at most 120 characters', () => {
    expect(preview('  Where is\n my   order? ')).toBe('Where is my order?');
    const long = preview(`${'word '.repeat(40)}😀`);
    expect([...long].length).toBeLessThanOrEqual(PREVIEW_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });
});
