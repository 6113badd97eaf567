// Words of a turn for the two searches. Transcript search matches whole words and phrases;
// semantic search compares meanings lexically: words are stemmed (a light suffix stripper)
// and mapped onto a small table of concepts, so "settle my bill" and "I want to pay" share terms.

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * Agents repeat themselves (greetings, confirmations): the analysis of a text seen recently is
 * reused. Bounded, so a stream of unique texts costs no memory beyond the bound.
 */
function memoize(analyse: (text: string) => readonly string[], bound = 20_000): (text: string) => readonly string[] {
  const cache = new Map<string, readonly string[]>();
  return (text) => {
    const known = cache.get(text);
    if (known) return known;
    const result = analyse(text);
    if (cache.size >= bound) cache.clear();
    cache.set(text, result);
    return result;
  };
}

export const cachedWords = memoize(words);

/** Suffixes stripped longest first; the stem keeps at least three letters. */
const SUFFIXES = ['ations', 'ation', 'ments', 'ment', 'ingly', 'ings', 'ing', 'edly', 'ies', 'ied', 'ers', 'er', 'ed', 'ly', 'es', 's'];

export function stem(word: string): string {
  const base = word.endsWith("'s") ? word.slice(0, -2) : word;
  for (const suffix of SUFFIXES) {
    if (base.length - suffix.length >= 3 && base.endsWith(suffix)) {
      const stripped = base.slice(0, -suffix.length);
      // "stopped" → "stopp" → "stop": a doubled final consonant left by the suffix goes too.
      const last = stripped.at(-1);
      return last !== undefined && last === stripped.at(-2) && !'aeiouls'.includes(last) ? stripped.slice(0, -1) : stripped;
    }
  }
  return base;
}

/** Stems that mean the same thing to a customer-service agent, each group under one concept. */
const CONCEPTS: Record<string, readonly string[]> = {
  pay: [
    'pay',
    'paid',
    'payment',
    'bill',
    'invoice',
    'charge',
    'card',
    'checkout',
    'settle',
    'purchas',
    'buy',
    'bought',
    'cost',
    'price',
    'fee',
  ],
  refund: ['refund', 'reimburs', 'money', 'cancel', 'return', 'chargeback'],
  human: ['human', 'person', 'agent', 'operator', 'representativ', 'someone', 'staff', 'colleagu', 'handoff', 'transfer'],
  book: ['book', 'reserv', 'appointment', 'slot', 'schedul', 'table', 'availabl'],
  deliver: ['deliver', 'ship', 'shipment', 'parcel', 'packag', 'track', 'courier', 'arriv'],
  hour: ['hour', 'open', 'clos', 'time', 'today', 'weekend'],
  account: ['account', 'login', 'password', 'sign', 'profil', 'email'],
  greet: ['hello', 'hi', 'hey', 'morning', 'afternoon', 'greet'],
  bye: ['bye', 'goodbye', 'thank', 'thanks', 'cheer'],
  problem: ['problem', 'issu', 'error', 'broken', 'wrong', 'fail', 'bug', 'trouble', 'complain'],
};

const CONCEPT_OF = new Map<string, string>();
for (const [concept, stems] of Object.entries(CONCEPTS)) for (const member of stems) CONCEPT_OF.set(member, `~${concept}`);

/** Words too common to carry meaning. */
const STOP = new Set(
  "a an and are as at be but by can could do does for from had has have how i i'm i'd i'll if in into is it it's its me my no not of on or our please so that the their them then there these they this to up us was we what when where which who will with would you your yes ok okay want like just".split(
    ' ',
  ),
);

/** Terms for semantic comparison: stop words out, stems mapped to their concept where one exists. */
export const cachedMeaningTerms = memoize(meaningTerms);

export function meaningTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of words(text)) {
    if (STOP.has(word)) continue;
    const stemmed = stem(word);
    terms.push(CONCEPT_OF.get(stemmed) ?? CONCEPT_OF.get(word) ?? stemmed);
  }
  return terms;
}
