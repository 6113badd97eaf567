// Every visible string of the widget in every shipped language: a missing, misspelt or extra key
// is a type error. '%' marks the one interpolated value.
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

/** The languages shipped, by primary subtag; English is the fallback. */
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One row per text, each language beside the others: a missing language or key is a type error. */
export const TEXTS: Readonly<Record<StringKey, Readonly<Record<Language, string>>>> = {
  openChat: { en: 'Open chat', fr: 'Ouvrir le chat', ar: 'فتح المحادثة' },
  closeChat: { en: 'Close chat', fr: 'Fermer le chat', ar: 'إغلاق المحادثة' },
  defaultTitle: { en: 'Chat', fr: 'Chat', ar: 'محادثة' },
  transcriptLabel: { en: 'Conversation', fr: 'Conversation', ar: 'المحادثة' },
  endChat: { en: 'End chat', fr: 'Terminer le chat', ar: 'إنهاء المحادثة' },
  endChatQuestion: { en: 'End this chat?', fr: 'Terminer ce chat ?', ar: 'إنهاء المحادثة؟' },
  endChatConfirm: { en: 'End', fr: 'Terminer', ar: 'إنهاء' },
  cancel: { en: 'Cancel', fr: 'Annuler', ar: 'إلغاء' },
  messageLabel: { en: 'Message', fr: 'Message', ar: 'رسالة' },
  messagePlaceholder: { en: 'Type a message…', fr: 'Écrivez un message…', ar: 'اكتب رسالة…' },
  send: { en: 'Send', fr: 'Envoyer', ar: 'إرسال' },
  you: { en: 'You', fr: 'Vous', ar: 'أنت' },
  agent: { en: 'Agent', fr: 'Agent', ar: 'الوكيل' },
  retry: { en: 'Retry', fr: 'Réessayer', ar: 'إعادة المحاولة' },
  failed: { en: 'Not sent', fr: 'Non envoyé', ar: 'لم تُرسل' },
  sending: { en: 'Sending…', fr: 'Envoi…', ar: 'جارٍ الإرسال…' },
  newMessages: { en: 'New messages', fr: 'Nouveaux messages', ar: 'رسائل جديدة' },
  typing: { en: '% is typing…', fr: '% écrit…', ar: '% يكتب…' },
  connecting: { en: 'Connecting…', fr: 'Connexion…', ar: 'جارٍ الاتصال…' },
  reconnecting: { en: 'Reconnecting…', fr: 'Reconnexion…', ar: 'جارٍ إعادة الاتصال…' },
  offline: { en: "You're offline. Messages will wait.", fr: 'Hors ligne. Vos messages attendront.', ar: 'أنت غير متصل. ستنتظر رسائلك.' },
  online: { en: 'Connected', fr: 'Connecté', ar: 'متصل' },
  tryAgain: { en: 'Try again', fr: 'Réessayer', ar: 'حاول مرة أخرى' },
  newConversation: { en: 'Start new conversation', fr: 'Nouvelle conversation', ar: 'بدء محادثة جديدة' },
  openLink: { en: 'Open link', fr: 'Ouvrir le lien', ar: 'فتح الرابط' },
  copyCode: { en: 'Copy code', fr: 'Copier le code', ar: 'نسخ الرمز' },
  copied: { en: 'Copied', fr: 'Copié', ar: 'تم النسخ' },
  'error-config': { en: 'Chat is unavailable on this site.', fr: 'Chat indisponible sur ce site.', ar: 'المحادثة غير متاحة هنا.' },
  'error-network': { en: "Can't reach the chat service.", fr: 'Service de chat injoignable.', ar: 'تعذّر الوصول إلى الخدمة.' },
  'error-rate-limited': { en: 'Too many requests. Please wait.', fr: 'Trop de demandes. Patientez.', ar: 'طلبات كثيرة. يرجى الانتظار.' },
  'error-server': { en: 'The chat service is having trouble.', fr: 'Le service de chat a un problème.', ar: 'الخدمة تواجه مشكلة.' },
  'error-session-lost': { en: 'The conversation was interrupted.', fr: 'Conversation interrompue.', ar: 'انقطعت المحادثة.' },
  'error-protocol': { en: 'Something went wrong.', fr: "Une erreur s'est produite.", ar: 'حدث خطأ ما.' },
  'error-message-too-long': { en: 'Message too long', fr: 'Message trop long', ar: 'الرسالة طويلة جدًا' },
  'handoff-started': { en: 'Connecting you to a person…', fr: 'Mise en relation avec une personne…', ar: 'جارٍ تحويلك إلى موظف…' },
  'handoff-accepted': { en: 'A person will be with you shortly.', fr: 'Une personne va vous répondre.', ar: 'سينضم إليك موظف قريبًا.' },
  'live-agent-joined': { en: '% joined the chat', fr: '% a rejoint le chat', ar: 'انضم % إلى المحادثة' },
  'live-agent-left': { en: '% left the chat', fr: '% a quitté le chat', ar: 'غادر % المحادثة' },
  'handoff-failed': {
    en: "Couldn't reach a person. Try again later.",
    fr: 'Aucune personne joignable. Réessayez plus tard.',
    ar: 'تعذّر الوصول إلى موظف. حاول لاحقًا.',
  },
  'handoff-timeout': {
    en: 'No one is available now. Try again later.',
    fr: "Personne n'est disponible. Réessayez plus tard.",
    ar: 'لا يوجد أحد متاح الآن. حاول لاحقًا.',
  },
  'client-handoff': {
    en: 'This conversation continues on another channel.',
    fr: 'La conversation continue sur un autre canal.',
    ar: 'تستمر المحادثة عبر قناة أخرى.',
  },
  'session-lost': {
    en: 'Connection lost. Send a message to start again.',
    fr: 'Connexion perdue. Écrivez pour reprendre.',
    ar: 'انقطع الاتصال. أرسل رسالة للمتابعة.',
  },
  'new-conversation': { en: 'New conversation', fr: 'Nouvelle conversation', ar: 'محادثة جديدة' },
  'fallback-rest': { en: 'Using a basic connection.', fr: 'Connexion simplifiée.', ar: 'اتصال مبسّط.' },
  queuePosition: { en: 'Position in queue: %', fr: 'Position dans la file : %', ar: 'ترتيبك في الانتظار: %' },
  queueWaitMinutes: { en: 'Wait: about % min', fr: 'Attente : environ % min', ar: 'الانتظار: نحو % دقيقة' },
  queueWaitUnderAMinute: { en: 'Wait: under a minute', fr: "Attente : moins d'une minute", ar: 'الانتظار: أقل من دقيقة' },
  REASON_USER_END: { en: 'You ended the chat.', fr: 'Vous avez terminé le chat.', ar: 'لقد أنهيت المحادثة.' },
  REASON_NATURAL_END: { en: 'The chat has ended.', fr: 'Le chat est terminé.', ar: 'انتهت المحادثة.' },
  REASON_USER_ABANDONED: {
    en: 'The chat was closed due to inactivity.',
    fr: 'Chat fermé pour inactivité.',
    ar: 'أُغلقت المحادثة لعدم النشاط.',
  },
};

export interface Strings {
  /** Supported locale actually used (primary subtag). */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Date and time of a message, in this locale (the formatter is made on first use). */
  formatDate(date: Date): string;
  translate(key: StringKey, value?: string | number): string;
}

/** First supported primary subtag among the candidates, else 'en'. */
export function pickLocale(...candidates: (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const primary = candidate?.toLowerCase().split(/[-_]/)[0];
    // A search of the list, not a property lookup: "constructor" must not find Object.prototype's.
    const language = LANGUAGES.find((shipped) => shipped === primary);
    if (language) return language;
  }
  return 'en';
}

/** One Strings per locale, so components memoized on it re-render only when the language changes. */
const stringsByLocale = new Map<string, Strings>();

function createStrings(lang: Language): Strings {
  let dateFormat: Intl.DateTimeFormat | undefined;
  return {
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    formatDate(date) {
      dateFormat ??= new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
      return dateFormat.format(date);
    },
    // A function replacer: a name like "$&" must stay as it is.
    translate: (key, value) => TEXTS[key][lang].replace('%', () => `${value}`),
  };
}

/** Candidates in order of preference; the page's language (`<html lang>`, then the browser's) last. */
export function getStrings(...candidates: (string | null | undefined)[]): Strings {
  const lang = pickLocale(...candidates, document.documentElement.lang || navigator.language);
  const cached = stringsByLocale.get(lang);
  if (cached) return cached;
  const strings = createStrings(lang);
  stringsByLocale.set(lang, strings);
  return strings;
}
