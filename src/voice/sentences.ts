// Where the sentences of a growing text end. A sentence counts as complete once its final mark is
// followed by a space or a line break: a text that stops right after "3." may go on with "5".

/** A run of final marks (closing quotes and brackets included) and the space after it, or a line break. */
const SENTENCE_END = /[.!?…。！？؟]+["'”’»)\]]*\s+|\n+/g;

/** The complete sentences at the start of `text` (trimmed, empty ones left out) and the length they cover. */
export function completeSentences(text: string): { sentences: string[]; length: number } {
  const sentences: string[] = [];
  let length = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    const sentence = text.slice(length, end).trim();
    if (sentence) sentences.push(sentence);
    length = end;
  }
  return { sentences, length };
}
