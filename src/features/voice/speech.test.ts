import { describe, expect, it } from 'vitest';
import { reduce } from '../../store/reducer';
import { type AgentMessage, createInitialState, type WebchatState } from '../../store/state';
import { chunk } from '../../store/testing/events';
import { createSpeechReader } from './speech';
import { fr } from './strings';

const readAll = (text: string, markdown = true) => createSpeechReader('Code block on screen.', markdown)(text, true);

describe('speech text of a formatted reply', () => {
  it('reads link text, list items one by one, and a short phrase for a code block', () => {
    const reply = [
      'See **the [guide](https://example.com/guide)** first.',
      '',
      '- Open *settings*',
      '- Pick `dark`',
      '',
      '```js',
      'const secret = 1;',
      '```',
      'Done, visit https://example.com now.',
    ].join('\n');
    expect(readAll(reply)).toEqual([
      'See the guide first.',
      'Open settings',
      'Pick dark',
      'Code block on screen.',
      'Done, visit https://example.com now.',
    ]);
  });

  it('reads headings and nested lists as their text', () => {
    expect(readAll('# Steps\n1. First\n   - inner\n2. Second')).toEqual(['Steps', 'First', 'inner', 'Second']);
  });

  it('reads plain text as written when Markdown is off', () => {
    expect(readAll('Keep **this**. Really', false)).toEqual(['Keep **this**.', 'Really']);
  });

  it('says the code phrase in the widget language', () => {
    expect(createSpeechReader(`${fr.codeSkipped}`, true)('```\nx\n```', true)).toEqual(["Bloc de code à l'écran."]);
  });
});

describe('reading a streamed reply as it grows', () => {
  it('gives each sentence once, as soon as it is complete, and the rest at the end', () => {
    const read = createSpeechReader('Code block on screen.', true);
    expect(read('Hello', false)).toEqual([]);
    expect(read('Hello there. How', false)).toEqual(['Hello there.']);
    expect(read('Hello there. How are you? I am', false)).toEqual(['How are you?']);
    expect(read('Hello there. How are you? I am fine.\n\n- a', false)).toEqual(['I am fine.']);
    expect(read('Hello there. How are you? I am fine.\n\n- a\n- b', true)).toEqual(['a', 'b']);
    expect(read('Hello there. How are you? I am fine.\n\n- a\n- b', true)).toEqual([]);
  });

  it('reads a reply whose chunks arrive out of order in the order of the text, once the gap is filled', () => {
    const read = createSpeechReader('Code block on screen.', true);
    let state: WebchatState = createInitialState();
    const spoken: string[][] = [];
    const deliver = (index: number, text: string, last = false) => {
      state = reduce(state, { type: 'server-events', events: [chunk(10 + index, 'm1', index, text, last)] });
      const message = state.items.find((item): item is AgentMessage => item.kind === 'agent')!;
      spoken.push(read(message.text, !message.streaming));
    };
    deliver(2, 'second one. Then the ');
    deliver(1, 'The first sentence. And the ');
    deliver(4, 'end.', true);
    deliver(3, 'third, almost at the ');
    expect(spoken).toEqual([[], ['The first sentence.', 'And the second one.'], [], ['Then the third, almost at the end.']]);
  });
});
