import { describe, expect, it } from 'vitest';
import { createInitialState } from '../state';
import { createDraft } from './draft';
import { addLocalNotice, addNotice } from './notices';

describe('notices', () => {
  it('adds a notice once per key, at its sequence or after the newest applied event', () => {
    const draft = createDraft({ ...createInitialState(), lastSequence: 4 });
    addNotice(draft, 'sys:1', { code: 'handoff-started' }, 2, 't');
    addNotice(draft, 'sys:1', { code: 'handoff-failed' }, 3, 't');
    addNotice(draft, 'sys:2', { code: 'handoff-failed' }, null, 't');
    expect(draft.transcript.items).toEqual([
      { kind: 'system', key: 'sys:1', notice: { code: 'handoff-started' }, timestamp: 't', sequence: 2 },
      { kind: 'system', key: 'sys:2', notice: { code: 'handoff-failed' }, timestamp: 't', afterSequence: 4 },
    ]);
  });

  it('keys the client’s own notices by their position', () => {
    const draft = createDraft(createInitialState());
    addLocalNotice(draft, { code: 'new-conversation' }, 't');
    addLocalNotice(draft, { code: 'fallback-rest' }, 't');
    expect(draft.transcript.items.map((item) => item.key)).toEqual(['local:0', 'local:1']);
  });
});
