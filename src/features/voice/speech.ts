// Markdown → what read-aloud says: the text a person sees, without the marks — link text, each
// list item on its own, a fenced code block replaced by a short phrase (code read aloud helps
// nobody). The same parser as the display, so speech and screen agree.
//
// A streamed reply is read as it grows: a reader remembers how far it got (which block, how far
// into it) and each call gives the sentences completed since. Blocks before the last are
// complete; the last one is read sentence by sentence while it grows, a list or code block once
// the reply has moved past it.
import type { Block } from '../../ui/markdown/blocks';
import { completeSentences } from '../../voice/sentences';
import type { SpeechReader } from '../../voice/voice-controller';
import { inlineText, parseBlocks } from '../kit';

/** What is said of inline Markdown: its words (a link's label, never its address). */
const inlineSpeech = (markdown: string) => inlineText(markdown, { linkAddresses: false }).replace(/\s+/g, ' ').trim();

function blockSpeech(block: Block, codeSkipped: string, depth: number): string[] {
  switch (block.kind) {
    case 'code':
      return [codeSkipped];
    case 'list':
      return block.items.flatMap((item) => parseBlocks(item, depth + 1).flatMap((inner) => blockSpeech(inner, codeSkipped, depth + 1)));
    case 'literal':
      return [block.text];
    default:
      return [inlineSpeech(block.text)];
  }
}

/** A reader for one message; `markdown` false reads the text as written; `codeSkipped` is said for a code block. */
export function createSpeechReader(codeSkipped: string, markdown: boolean): SpeechReader {
  let blockIndex = 0;
  /** How much of the current block's text was read. */
  let offset = 0;
  return (text, complete) => {
    const blocks: Block[] = markdown ? parseBlocks(text) : [{ kind: 'literal', source: text, text }];
    const utterances: string[] = [];
    for (; blockIndex < blocks.length; blockIndex++, offset = 0) {
      const block = blocks[blockIndex]!;
      const done = complete || blockIndex < blocks.length - 1;
      if (block.kind === 'list' || block.kind === 'code') {
        if (!done) break;
        utterances.push(...blockSpeech(block, codeSkipped, 0));
        continue;
      }
      // A heading or paragraph (or plain text): its complete sentences; at its end, the rest too.
      const rest = block.text.slice(offset);
      const { sentences, length } = completeSentences(done ? `${rest}\n` : rest);
      offset += length;
      utterances.push(...sentences.map((sentence) => (markdown ? inlineSpeech(sentence) : sentence)));
      if (!done) break;
    }
    return utterances.filter((utterance) => utterance.trim());
  };
}
