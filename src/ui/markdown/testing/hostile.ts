// Adversarial Markdown of a given size, for the hostile-input test and bench/markdown.bench.ts:
// each input targets one look-ahead or nesting path of the parser.

const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

export function hostileInputs(size: number): Record<string, string> {
  return {
    quotes: fill('>', size),
    quoteLines: fill(`${'> '.repeat(40)}x\n`, size),
    unclosedStrong: fill('**a ', size),
    unclosedUnderscore: fill('_a ', size),
    unclosedBackticks: fill('`a ', size),
    backtickRuns: Array.from({ length: 400 }, (_, index) => `${'`'.repeat(1 + (index % 40))}x `)
      .join('')
      .padEnd(size, '`'),
    openBrackets: fill('[', size),
    bracketParens: fill('](((', size),
    labelParens: fill('[a](((((', size),
    backslashes: fill('\\', size),
    escapedMarkers: fill('\\*\\_\\`\\[', size),
    emphasisNesting: `${fill('*_', size / 2 - 1)}x${fill('_*', size / 2 - 1)}`,
    nestedListMarkers: fill('- ', size),
    nestedListLines: fill('- a\n  - b\n    - c\n      - d\n        * e\n          1. f\n', size),
    fences: fill('```\n', size),
    headings: fill('#', size),
    spacedHeading: `# ${' '.repeat(size - 3)}#`,
    urlPrefixes: fill('http://[ ', size),
    // linkify trims trailing ")" against the "(" it counted once per URL: linear.
    urlClosingParens: fill(`https://a.test/x${')'.repeat(2000)} `, size),
    manyElements: fill('**a** `b` [c](https://c.test) ', size),
    manyItems: fill('- a\n', size),
  };
}
