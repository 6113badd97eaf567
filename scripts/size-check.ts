// Fails the build when what one page downloads for its options passes its budget. The budget is
// per page configuration — the loader, the conversation, and the files its options want (a feature's,
// a locale's; the custom element's for a page with <agent-webchat>; the extras file for a teaser or
// `attention`) — never a sum of everything that exists: a page pays only for what it sets.
// Add a configuration to CONFIGURATIONS; a feature in src/features/registry.ts joins "fullest" by itself.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { WidgetOptions } from '../src/contract/widget';
import { FEATURES, wantedFeatures } from '../src/features/registry';
import { localeOf } from '../src/strings/locales';
import { fileOf, PARTS } from './script-files';

const KB = 1024;
const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

/**
 * The product's budgets (what a page may download) and, where today's files pass a budget, the
 * limit the build fails at meanwhile: as close above today's size as the noise of a build allows,
 * so that nothing grows unseen while the gap is closed (README, "Size per page", says what would).
 * A limit equal to its budget is the budget enforced.
 */
interface Budget {
  budget: number;
  limit: number;
}

/** The loader, which every page view pays for, whether the chat is opened or not. */
const LOADER: Budget = { budget: 6 * KB, limit: 7.75 * KB };
/** A page with nothing optional (English, no voice, no "Call me"): what it fetches up to the first reply. */
const DEFAULT: Budget = { budget: 38 * KB, limit: 41.5 * KB };
/** Where the default page is headed next; the table prints the distance. */
const DEFAULT_AIM = 36 * KB;
/** Any page with optional parts. */
const PAGE: Budget = { budget: 48 * KB, limit: 48 * KB };
/**
 * The fullest page (every feature and a locale). 58.50 → 58.75 KB for issue 36: message times
 * (conversation), the read-aloud watchdog (voice), the teaser that leaves on a phone and never
 * covers the page's controls (extras): 58.60 KB when they came.
 */
const FULLEST: Budget = { budget: 48 * KB, limit: 58.75 * KB };
/**
 * What <agent-webchat> does (dist/agent-webchat-element.js), which the loader fetches when an
 * element first needs it: a page with the element pays it on top of the tag's files; a page
 * without pays nothing.
 */
const ELEMENT: Budget = { budget: 1.5 * KB, limit: 2 * KB };
/**
 * The extras file (dist/agent-webchat-extras.js: the teaser, `attention`, an unread count the tab
 * kept), which the loader fetches only for them: a page with a teaser pays it before any intent.
 */
const EXTRAS: Budget = { budget: 3.5 * KB, limit: 4 * KB };
/** A page with a teaser that the visitor has not opened yet: the loader and the extras file, each within its own. */
const TEASER: Budget = { budget: LOADER.budget + EXTRAS.budget, limit: LOADER.limit + EXTRAS.limit };

interface Configuration {
  name: string;
  /** The page's options, as a site writes them: the files they want follow from src/features/registry.ts. */
  options: WidgetOptions;
  /** Files the page fetches besides those its options want (the element's, for <agent-webchat>). */
  extra?: string[];
  /** The page measured before the visitor opens the chat: only what the loader fetches at once (the extras for a teaser). */
  beforeIntent?: true;
  limits: Budget;
}

/** The largest locale file: what the fullest page is measured with. */
const largestLocale = () =>
  PARTS.filter((part) => part.kind === 'locale').reduce((largest, part) => (gzip(part.name) > gzip(largest.name) ? part : largest)).name;

const CONFIGURATIONS: Configuration[] = [
  { name: 'default (English, nothing optional)', options: {}, limits: DEFAULT },
  { name: 'Chat REST (chatUrl)', options: { chatUrl: '/api/chat' }, limits: PAGE },
  { name: 'voice', options: { voice: true }, limits: PAGE },
  { name: '"Call me" (callbackUrl)', options: { callbackUrl: '/api/callback' }, limits: PAGE },
  { name: 'German (locale: de)', options: { locale: 'de' }, limits: PAGE },
  {
    name: 'rating and message feedback (ratingUrl, messageFeedback)',
    options: { ratingUrl: '/api/rating', messageFeedback: true },
    limits: PAGE,
  },
  { name: '<agent-webchat> (English, nothing optional)', options: {}, extra: ['element'], limits: PAGE },
  {
    name: 'teaser, before the visitor opens the chat (teaser)',
    options: { teaser: 'Questions about delivery?' },
    beforeIntent: true,
    limits: TEASER,
  },
  {
    name: 'teaser and attention (teaser, attention)',
    options: { teaser: 'Questions about delivery?', attention: ['title', 'sound'] },
    limits: PAGE,
  },
];

/** Where a file of the build is: the loader's own name, `agent-webchat-<name>.js` for the others. */
const pathOf = (name: string) => `dist/${name === 'loader' ? 'agent-webchat.js' : fileOf(name)}`;

const sizes = new Map<string, { gzip: number; brotli: number }>();
let missing = false;
function measure(name: string): { gzip: number; brotli: number } {
  const known = sizes.get(name);
  if (known) return known;
  let source: Buffer;
  try {
    source = readFileSync(pathOf(name));
  } catch {
    console.error(`size: ${pathOf(name)} is missing — run \`npm run build\` first`);
    missing = true;
    source = Buffer.alloc(0);
  }
  const size = {
    gzip: gzipSync(source, { level: 9 }).byteLength,
    brotli: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
  sizes.set(name, size);
  return size;
}
const gzip = (name: string) => measure(name).gzip;

/** The extras file comes for a teaser or `attention` (and for an unread count a tab kept, which no page sets). */
const extrasOf = (options: WidgetOptions) => (options.teaser || options.attention?.length ? ['extras'] : []);

/** The files a page with these options fetches up to its first reply (before the visitor's intent: only the loader's at once). */
function filesOf(options: WidgetOptions, beforeIntent = false): string[] {
  if (beforeIntent) return ['loader', ...extrasOf(options)];
  const locale = localeOf(options.locale);
  const rest = options.chatUrl !== undefined ? ['rest'] : [];
  return [
    'loader',
    ...extrasOf(options),
    'conversation',
    ...rest,
    ...wantedFeatures(options),
    ...(locale && locale !== 'en' ? [locale] : []),
  ];
}

const fullest: Configuration = {
  name: 'fullest (every feature + the largest locale + teaser and attention)',
  // Options that want every registered feature: the union of what each feature's line asks for,
  // and those that want the extras file.
  options: {
    voice: true,
    callbackUrl: '/api/callback',
    ratingUrl: '/api/rating',
    messageFeedback: true,
    locale: largestLocale(),
    teaser: 'Questions about delivery?',
    attention: ['title', 'sound'],
  },
  limits: FULLEST,
};
const everyFeature = FEATURES.every((feature) => feature.wanted(fullest.options));

let failed = false;
/** How `size` stands against its budget and limit, in words; false past the limit (reported). */
function verdict(what: string, size: number, { budget, limit }: Budget): string {
  if (size > limit) {
    console.error(`size: ${what} ${kb(size)} is past its limit ${kb(limit)} by ${kb(size - limit)} (budget ${kb(budget)})`);
    failed = true;
    return `OVER LIMIT by ${kb(size - limit)}`;
  }
  if (size > budget) {
    console.warn(`size: ${what} ${kb(size)} is over its budget ${kb(budget)} by ${kb(size - budget)}`);
    return `over budget by ${kb(size - budget)}`;
  }
  return 'ok';
}
/** The files a page may fetch before any intent, each within a budget of its own: the label its line starts with, and the name its verdict gives it. */
const OWN_BUDGETS: readonly { name: string; label: string; what: string; limits: Budget }[] = [
  { name: 'loader', label: 'loader', what: 'the loader', limits: LOADER },
  { name: 'element', label: "the element's file", what: "the element's file", limits: ELEMENT },
  { name: 'extras', label: 'the extras file', what: 'the extras file', limits: EXTRAS },
];
for (const { name, label, what, limits } of OWN_BUDGETS) {
  const { gzip: size, brotli } = measure(name);
  console.log(
    `size: ${label} (${pathOf(name)}) ${kb(size)} gzip, ${kb(brotli)} brotli — budget ${kb(limits.budget)}: ${verdict(what, size, limits)}`,
  );
}
if (!everyFeature) {
  console.error('size: the fullest configuration misses a feature: add the option that wants it to `fullest` in scripts/size-check.ts');
  failed = true;
}

const rows: string[] = [];
for (const configuration of [...CONFIGURATIONS, fullest]) {
  const files = [...filesOf(configuration.options, configuration.beforeIntent), ...(configuration.extra ?? [])];
  const total = files.reduce((sum, file) => sum + gzip(file), 0);
  const stands = verdict(configuration.name, total, configuration.limits);
  const aim =
    configuration.limits === DEFAULT
      ? ` (${kb(Math.abs(total - DEFAULT_AIM))} ${total > DEFAULT_AIM ? 'over' : 'under'} the ${kb(DEFAULT_AIM)} aim)`
      : '';
  const parts = files.map((file) => `${file} ${kb(gzip(file))}`).join(' + ');
  rows.push(`| ${configuration.name} | ${parts} | **${kb(total)}**${aim} | ${kb(configuration.limits.budget)} | ${stands} |`);
}
console.log(
  '\nWhat a page fetches up to its first reply — a row "before the visitor opens the chat": what it fetches at once (gzip, each file alone as a server sends it):\n',
);
console.log('| Page | Files | Total | Budget | Stands |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `\nOther locales: ${PARTS.filter((part) => part.kind === 'locale')
    .map((part) => `${part.name} ${kb(gzip(part.name))}`)
    .join(', ')}`,
);
if (missing || failed) process.exit(1);
