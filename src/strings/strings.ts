// Every visible string of the widget, one keyed record per locale: a missing, misspelt or extra
// key is a type error. '%' marks the one interpolated value.
import { type Locale, localeOf, type Text } from './locales';

// Locale: explicit > server > page <html lang> > browser, matched by primary subtag, else English.

export type StringKey =
  | 'openChat'
  | 'closeChat'
  | 'defaultTitle'
  | 'transcriptLabel'
  | 'endChat'
  | 'endChatQuestion'
  | 'endChatConfirm'
  | 'cancel'
  | 'messageLabel'
  | 'messagePlaceholder'
  | 'send'
  | 'you'
  | 'agent'
  | 'retry'
  // user message statuses (UserMessageStatus)
  | 'failed'
  | 'sending'
  | 'newMessages'
  | 'typing'
  // connection statuses (ConnectionStatus)
  | 'connecting'
  | 'reconnecting'
  | 'offline'
  | 'online'
  | 'tryAgain'
  | 'newConversation'
  | 'openLink'
  | 'downloadTranscript'
  // the copy button of a code block in a formatted reply, and what it says after a copy
  | 'copyCode'
  | 'copied'
  // error codes: 'error-' + WebchatError.code
  | 'error-config'
  | 'error-network'
  | 'error-rate-limited'
  | 'error-server'
  | 'error-session-lost'
  | 'error-protocol'
  | 'error-message-too-long'
  // notices: Notice.code
  | 'handoff-started'
  | 'handoff-accepted'
  | 'live-agent-joined'
  | 'live-agent-left'
  | 'handoff-failed'
  | 'handoff-timeout'
  | 'client-handoff'
  | 'session-lost'
  | 'new-conversation'
  | 'fallback-rest'
  | 'queuePosition'
  | 'queueWaitMinutes'
  | 'queueWaitUnderAMinute'
  // session end reasons
  | 'REASON_USER_END'
  | 'REASON_NATURAL_END'
  | 'REASON_USER_ABANDONED';

/**
 * The host page's `error` event (`message`, next to `code`): plain English for a developer's log,
 * whatever the widget's language; the widget shows its own text per code ('error-' + code).
 */
export const HOST_ERROR_TEXTS = {
  network: 'cannot reach the server',
  server: 'the server failed',
  'rate-limited': 'the server is busy',
  'session-lost': 'the conversation was interrupted',
  'message-too-long': 'the message is too long',
} as const;

export const en: CoreTable = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  defaultTitle: 'Chat',
  transcriptLabel: 'Conversation',
  endChat: 'End chat',
  endChatQuestion: 'End this chat?',
  endChatConfirm: 'End',
  cancel: 'Cancel',
  messageLabel: 'Message',
  messagePlaceholder: 'Type a message…',
  send: 'Send',
  you: 'You',
  agent: 'Agent',
  retry: 'Retry',
  failed: 'Not sent',
  sending: 'Sending…',
  newMessages: 'New messages',
  typing: '% is typing…',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: "You're offline. Messages will wait.",
  online: 'Connected',
  tryAgain: 'Try again',
  newConversation: 'Start new conversation',
  openLink: 'Open link',
  downloadTranscript: 'Download transcript',
  copyCode: 'Copy code',
  copied: 'Copied',
  'error-config': 'Chat is unavailable on this site.',
  'error-network': "Can't reach the chat service.",
  'error-rate-limited': 'Too many requests. Please wait.',
  'error-server': 'The chat service is having trouble.',
  'error-session-lost': 'The conversation was interrupted.',
  'error-protocol': 'Something went wrong.',
  'error-message-too-long': 'Message too long',
  'handoff-started': 'Connecting you to a person…',
  'handoff-accepted': 'A person will be with you shortly.',
  'live-agent-joined': '% joined the chat',
  'live-agent-left': '% left the chat',
  'handoff-failed': "Couldn't reach a person. Try again later.",
  'handoff-timeout': 'No one is available now. Try again later.',
  'client-handoff': 'This conversation continues on another channel.',
  'session-lost': 'Connection lost. Send a message to start again.',
  'new-conversation': 'New conversation',
  'fallback-rest': 'Using a basic connection.',
  queuePosition: 'Position in queue: %',
  queueWaitMinutes: { one: 'Wait: about % minute', other: 'Wait: about % minutes' },
  queueWaitUnderAMinute: 'Wait: under a minute',
  REASON_USER_END: 'You ended the chat.',
  REASON_NATURAL_END: 'The chat has ended.',
  REASON_USER_ABANDONED: 'The chat was closed due to inactivity.',
};

/** A non-English locale's file: the core's table and each feature's, by feature name. */
export interface LocaleBundle {
  lang: Locale;
  core: CoreTable;
  features: Readonly<Record<string, Readonly<Record<string, Text>>>>;
}

/** The core's texts in one locale: every key (a missing one is a type error). */
export type CoreTable = Readonly<Record<StringKey, Text>>;

export interface Strings {
  /** Supported locale actually used (primary subtag). */
  lang: Locale;
  dir: 'ltr' | 'rtl';
  /** Date and time of a message, in this locale (the formatter is made on first use). */
  formatDate(date: Date): string;
  translate(key: StringKey, value?: string | number): string;
  /** A text of a table in this locale: '%' becomes the value (a number in the locale's digits; plural forms by Intl.PluralRules). */
  format(text: Text, value?: string | number): string;
  /** A feature's table in this locale, from the locale's file (undefined in English: the feature's own). */
  featureTable(feature: string): Readonly<Record<string, Text>> | undefined;
}

/** Locales whose tables are here: English, and each whose file arrived. A Map: "constructor" must not find Object.prototype's. */
const BUNDLES = new Map<Locale, LocaleBundle>([['en', { lang: 'en', core: en, features: {} }]]);
/** One Strings per locale, so components memoized on it re-render only when the language changes. */
const STRINGS = new Map<Locale, Strings>();
const changeListeners = new Set<() => void>();

/** A locale's file arrived: its texts apply from the next render of every widget. */
export function registerLocale(bundle: LocaleBundle): void {
  if (BUNDLES.has(bundle.lang)) return;
  BUNDLES.set(bundle.lang, bundle);
  for (const listener of changeListeners) listener();
}

/** The locale's texts are here (English always is). */
export const hasLocale = (lang: Locale): boolean => BUNDLES.has(lang);

/** Calls the listener when a locale's texts arrive; returns unsubscribe. */
export function onLocaleRegistered(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** The first offered locale among the candidates (the one the widget is meant to show), else 'en'. */
export function pickLocale(...candidates: (string | null | undefined)[]): Locale {
  for (const candidate of candidates) {
    const locale = localeOf(candidate);
    if (locale) return locale;
  }
  return 'en';
}

function createStrings({ lang, core, features }: LocaleBundle): Strings {
  let dateFormat: Intl.DateTimeFormat | undefined;
  let numberFormat: Intl.NumberFormat | undefined;
  let pluralRules: Intl.PluralRules | undefined;
  const format = (text: Text, value?: string | number): string => {
    let shown = value;
    let chosen = text;
    if (typeof value === 'number') {
      numberFormat ??= new Intl.NumberFormat(lang);
      shown = numberFormat.format(value);
      if (typeof text !== 'string') {
        pluralRules ??= new Intl.PluralRules(lang);
        chosen = text[pluralRules.select(value)] ?? text.other;
      }
    }
    const plain = typeof chosen === 'string' ? chosen : chosen.other;
    // A function replacer: a name like "$&" must stay as it is.
    return plain.replace('%', () => `${shown}`);
  };
  return {
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    formatDate(date) {
      dateFormat ??= new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
      return dateFormat.format(date);
    },
    translate: (key, value) => format(core[key], value),
    format,
    featureTable: (feature) => (Object.hasOwn(features, feature) ? features[feature] : undefined),
  };
}

/**
 * Candidates in order of preference; the page's language (`<html lang>`, then the browser's)
 * last. A locale whose file has not arrived (yet) shows English.
 */
export function getStrings(...candidates: (string | null | undefined)[]): Strings {
  const wanted = pickLocale(...candidates, document.documentElement.lang || navigator.language);
  const lang = BUNDLES.has(wanted) ? wanted : 'en';
  let strings = STRINGS.get(lang);
  if (!strings) {
    strings = createStrings(BUNDLES.get(lang)!);
    STRINGS.set(lang, strings);
  }
  return strings;
}
