import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentMessage, NoticeItem, UserMessage } from '../store/state';
import { getStrings } from '../strings/strings';
import { registerAllLocales } from '../testing/locales';
import { markdownLines } from './markdown/plain-text';
import { transcriptText } from './transcript-text';

const at = '2026-11-26T14:05:00Z';
const user = (text: string): UserMessage => ({
  kind: 'user',
  key: 'c1',
  clientEventId: 'c1',
  text,
  status: 'sent',
  messageId: 'm-user-1',
  timestamp: at,
});
const agent = (text: string, patch: Partial<AgentMessage> = {}): AgentMessage => ({
  kind: 'agent',
  key: 'm-agent-1',
  messageId: 'm-agent-1',
  text,
  attachments: [],
  suggestions: [],
  streaming: false,
  timestamp: at,
  ...patch,
});
const notice: NoticeItem = { kind: 'system', key: 'n1', notice: { code: 'handoff-started' }, timestamp: at };

describe('transcriptText', () => {
  beforeAll(registerAllLocales);
  const en = getStrings('en');
  const time = en.formatDate(new Date(at));

  it('writes one line per message: time in the widget’s language, author, text', () => {
    const text = transcriptText([user('Hello'), notice, agent('Hi! How can I help?', { authorName: 'Ava' })], {
      strings: en,
      markdown: true,
    });
    expect(text).toBe(`[${time}] You: Hello\n[${time}] Ava: Hi! How can I help?\n`);
  });

  it('names an unnamed agent, and a live agent by name, in the widget’s language', () => {
    const fr = getStrings('fr');
    const text = transcriptText([user('Bonjour'), agent('Salut'), agent('Ici Marie', { kind: 'live-agent', authorName: 'Marie' })], {
      strings: fr,
      markdown: true,
    });
    const frTime = fr.formatDate(new Date(at));
    expect(text.split('\n')).toEqual([`[${frTime}] Vous: Bonjour`, `[${frTime}] Agent: Salut`, `[${frTime}] Marie: Ici Marie`, '']);
  });

  it('writes Markdown as its readable text on the message’s one line', () => {
    const text = transcriptText([agent('**Options:**\n\n- [Pay online](https://pay.example.com/x)\n- Talk to `a person`')], {
      strings: en,
      markdown: true,
    });
    expect(text).toBe(`[${time}] Agent: Options: - Pay online (https://pay.example.com/x) - Talk to a person\n`);
  });

  it('keeps the text as written when Markdown is off', () => {
    expect(transcriptText([agent('**bold**')], { strings: en, markdown: false })).toBe(`[${time}] Agent: **bold**\n`);
  });

  it('lists attachments by title and address', () => {
    const text = transcriptText(
      [
        agent('', {
          attachments: [
            { kind: 'url', title: 'Pricing', contentUrl: 'https://example.com/pricing' },
            { kind: 'image', title: 'Map', previewImageUrl: 'https://example.com/map.png' },
          ],
        }),
      ],
      { strings: en, markdown: true },
    );
    expect(text).toBe(`[${time}] Agent: [Pricing https://example.com/pricing] [Map https://example.com/map.png]\n`);
  });

  it('never writes an id, and nothing for an empty conversation', () => {
    const text = transcriptText([user('Hello'), agent('Hi')], { strings: en, markdown: true });
    expect(text).not.toMatch(/m-user-1|m-agent-1|c1/);
    expect(transcriptText([notice], { strings: en, markdown: true })).toBe('');
  });
});

describe('markdownLines', () => {
  it('writes a link whose label is its address once', () => {
    expect(markdownLines('See https://example.com/a')).toEqual(['See https://example.com/a']);
  });
  it('numbers an ordered list from its start and keeps code as written', () => {
    expect(markdownLines('3. one\n4. two\n\n```\nx = 1\n```')).toEqual(['3. one', '4. two', 'x = 1']);
  });
});
