import { describe, expect, it } from 'vitest';
import { completeSentences } from './sentences';

describe('completeSentences', () => {
  it('takes the sentences whose final mark is followed by a space or a line break', () => {
    expect(completeSentences('Hello there. How are you? Fine')).toEqual({ sentences: ['Hello there.', 'How are you?'], length: 26 });
    expect(completeSentences('Line one\nLine two')).toEqual({ sentences: ['Line one'], length: 9 });
  });

  it('waits when a text stops right after a mark: "3." may go on with "5"', () => {
    expect(completeSentences('It costs 3.')).toEqual({ sentences: [], length: 0 });
    expect(completeSentences('It costs 3.5 euros. Yes')).toEqual({ sentences: ['It costs 3.5 euros.'], length: 20 });
  });

  it('keeps closing quotes with their sentence and knows other scripts’ marks', () => {
    expect(completeSentences('He said "stop!" Then left.').sentences).toEqual(['He said "stop!"']);
    expect(completeSentences('مرحبا؟ نعم').sentences).toEqual(['مرحبا؟']);
    expect(completeSentences('你好。 再见').sentences).toEqual(['你好。']);
  });
});
