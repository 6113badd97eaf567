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
  // voice: the controls, voice mode's states, what went wrong, what read-aloud says for a code block
  | 'dictate'
  | 'listen'
  | 'voiceMode'
  | 'voice-listening'
  | 'voice-speaking'
  | 'voice-paused'
  | 'voice-denied'
  | 'voice-no-mic'
  | 'voice-no-speech'
  | 'voice-service'
  | 'codeSkipped'
  // session end reasons
  | 'REASON_USER_END'
  | 'REASON_NATURAL_END'
  | 'REASON_USER_ABANDONED'
  // phone callback ("Call me"): the form, the call's states (CallbackStatus), the form's problems (CallbackProblem)
  | 'callMe'
  | 'phoneNumber'
  | 'country'
  | 'requestCall'
  | 'callbackConsent'
  | 'callback-requested'
  | 'callback-calling'
  | 'callback-connected'
  | 'callback-failed'
  | 'callback-ended'
  | 'callback-invalid_number'
  | 'callback-country_not_allowed'
  | 'callback-blocked_number'
  | 'callback-in_progress'
  | 'callback-too_many_calls'
  | 'callback-unavailable';

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
  queueWaitMinutes: 'Wait: about % min',
  queueWaitUnderAMinute: 'Wait: under a minute',
  dictate: 'Dictate',
  listen: 'Listen',
  voiceMode: 'Voice mode',
  'voice-listening': 'Listening…',
  'voice-speaking': 'Agent speaking…',
  'voice-paused': 'Paused. Press Dictate to talk.',
  'voice-denied': 'Microphone blocked. You can type instead.',
  'voice-no-mic': 'No microphone found. You can type instead.',
  'voice-no-speech': "Didn't hear anything. Press Dictate to retry.",
  'voice-service': "Speech recognition isn't working. You can type instead.",
  codeSkipped: 'Code block on screen.',
  REASON_USER_END: 'You ended the chat.',
  REASON_NATURAL_END: 'The chat has ended.',
  REASON_USER_ABANDONED: 'The chat was closed due to inactivity.',
  callMe: 'Call me',
  phoneNumber: 'Phone number',
  country: 'Country',
  requestCall: 'Request call',
  callbackConsent: 'We will call this number once, about this conversation.',
  'callback-requested': 'Call requested…',
  'callback-calling': 'Calling you now…',
  'callback-connected': 'Call connected. The call carries on this conversation.',
  'callback-failed': 'The call did not go through.',
  'callback-ended': 'The call has ended.',
  'callback-invalid_number': 'Enter a valid phone number.',
  'callback-country_not_allowed': 'We cannot call numbers in this country.',
  'callback-blocked_number': 'We cannot call this kind of number.',
  'callback-in_progress': 'A call is already on its way.',
  'callback-too_many_calls': 'Too many calls requested. Try again later.',
  'callback-unavailable': 'The call could not be requested. Try again later.',
};

const fr: CoreTable = {
  openChat: 'Ouvrir le chat',
  closeChat: 'Fermer le chat',
  defaultTitle: 'Chat',
  transcriptLabel: 'Conversation',
  endChat: 'Terminer le chat',
  endChatQuestion: 'Terminer ce chat ?',
  endChatConfirm: 'Terminer',
  cancel: 'Annuler',
  messageLabel: 'Message',
  messagePlaceholder: 'Écrivez un message…',
  send: 'Envoyer',
  you: 'Vous',
  agent: 'Agent',
  retry: 'Réessayer',
  failed: 'Non envoyé',
  sending: 'Envoi…',
  newMessages: 'Nouveaux messages',
  typing: '% écrit…',
  connecting: 'Connexion…',
  reconnecting: 'Reconnexion…',
  offline: 'Hors ligne. Vos messages attendront.',
  online: 'Connecté',
  tryAgain: 'Réessayer',
  newConversation: 'Nouvelle conversation',
  openLink: 'Ouvrir le lien',
  downloadTranscript: 'Télécharger la conversation',
  copyCode: 'Copier le code',
  copied: 'Copié',
  'error-config': 'Chat indisponible sur ce site.',
  'error-network': 'Service de chat injoignable.',
  'error-rate-limited': 'Trop de demandes. Patientez.',
  'error-server': 'Le service de chat a un problème.',
  'error-session-lost': 'Conversation interrompue.',
  'error-protocol': "Une erreur s'est produite.",
  'error-message-too-long': 'Message trop long',
  'handoff-started': 'Mise en relation avec une personne…',
  'handoff-accepted': 'Une personne va vous répondre.',
  'live-agent-joined': '% a rejoint le chat',
  'live-agent-left': '% a quitté le chat',
  'handoff-failed': 'Aucune personne joignable. Réessayez plus tard.',
  'handoff-timeout': "Personne n'est disponible. Réessayez plus tard.",
  'client-handoff': 'La conversation continue sur un autre canal.',
  'session-lost': 'Connexion perdue. Écrivez pour reprendre.',
  'new-conversation': 'Nouvelle conversation',
  'fallback-rest': 'Connexion simplifiée.',
  queuePosition: 'Position dans la file : %',
  queueWaitMinutes: 'Attente : environ % min',
  queueWaitUnderAMinute: "Attente : moins d'une minute",
  dictate: 'Dicter',
  listen: 'Écouter',
  voiceMode: 'Mode vocal',
  'voice-listening': 'Écoute…',
  'voice-speaking': "L'agent parle…",
  'voice-paused': 'En pause. Appuyez sur Dicter pour parler.',
  'voice-denied': 'Micro bloqué. Vous pouvez écrire.',
  'voice-no-mic': 'Aucun micro trouvé. Vous pouvez écrire.',
  'voice-no-speech': 'Rien entendu. Appuyez sur Dicter pour réessayer.',
  'voice-service': 'La reconnaissance vocale ne fonctionne pas. Vous pouvez écrire.',
  codeSkipped: "Bloc de code à l'écran.",
  REASON_USER_END: 'Vous avez terminé le chat.',
  REASON_NATURAL_END: 'Le chat est terminé.',
  REASON_USER_ABANDONED: 'Chat fermé pour inactivité.',
  callMe: 'Appelez-moi',
  phoneNumber: 'Numéro de téléphone',
  country: 'Pays',
  requestCall: "Demander l'appel",
  callbackConsent: 'Nous appellerons ce numéro une fois, au sujet de cette conversation.',
  'callback-requested': 'Appel demandé…',
  'callback-calling': 'Nous vous appelons…',
  'callback-connected': "Appel en cours. L'appel poursuit cette conversation.",
  'callback-failed': "L'appel n'a pas abouti.",
  'callback-ended': "L'appel est terminé.",
  'callback-invalid_number': 'Saisissez un numéro de téléphone valide.',
  'callback-country_not_allowed': "Nous n'appelons pas les numéros de ce pays.",
  'callback-blocked_number': "Nous n'appelons pas ce type de numéro.",
  'callback-in_progress': 'Un appel est déjà en cours.',
  'callback-too_many_calls': "Trop d'appels demandés. Réessayez plus tard.",
  'callback-unavailable': "L'appel n'a pas pu être demandé. Réessayez plus tard.",
};

const ar: CoreTable = {
  openChat: 'فتح المحادثة',
  closeChat: 'إغلاق المحادثة',
  defaultTitle: 'محادثة',
  transcriptLabel: 'المحادثة',
  endChat: 'إنهاء المحادثة',
  endChatQuestion: 'إنهاء المحادثة؟',
  endChatConfirm: 'إنهاء',
  cancel: 'إلغاء',
  messageLabel: 'رسالة',
  messagePlaceholder: 'اكتب رسالة…',
  send: 'إرسال',
  you: 'أنت',
  agent: 'الوكيل',
  retry: 'إعادة المحاولة',
  failed: 'لم تُرسل',
  sending: 'جارٍ الإرسال…',
  newMessages: 'رسائل جديدة',
  typing: '% يكتب…',
  connecting: 'جارٍ الاتصال…',
  reconnecting: 'جارٍ إعادة الاتصال…',
  offline: 'أنت غير متصل. ستنتظر رسائلك.',
  online: 'متصل',
  tryAgain: 'حاول مرة أخرى',
  newConversation: 'بدء محادثة جديدة',
  openLink: 'فتح الرابط',
  downloadTranscript: 'تنزيل المحادثة',
  copyCode: 'نسخ الرمز',
  copied: 'تم النسخ',
  'error-config': 'المحادثة غير متاحة هنا.',
  'error-network': 'تعذّر الوصول إلى الخدمة.',
  'error-rate-limited': 'طلبات كثيرة. يرجى الانتظار.',
  'error-server': 'الخدمة تواجه مشكلة.',
  'error-session-lost': 'انقطعت المحادثة.',
  'error-protocol': 'حدث خطأ ما.',
  'error-message-too-long': 'الرسالة طويلة جدًا',
  'handoff-started': 'جارٍ تحويلك إلى موظف…',
  'handoff-accepted': 'سينضم إليك موظف قريبًا.',
  'live-agent-joined': 'انضم % إلى المحادثة',
  'live-agent-left': 'غادر % المحادثة',
  'handoff-failed': 'تعذّر الوصول إلى موظف. حاول لاحقًا.',
  'handoff-timeout': 'لا يوجد أحد متاح الآن. حاول لاحقًا.',
  'client-handoff': 'تستمر المحادثة عبر قناة أخرى.',
  'session-lost': 'انقطع الاتصال. أرسل رسالة للمتابعة.',
  'new-conversation': 'محادثة جديدة',
  'fallback-rest': 'اتصال مبسّط.',
  queuePosition: 'ترتيبك في الانتظار: %',
  queueWaitMinutes: 'الانتظار: نحو % دقيقة',
  queueWaitUnderAMinute: 'الانتظار: أقل من دقيقة',
  dictate: 'إملاء',
  listen: 'استماع',
  voiceMode: 'الوضع الصوتي',
  'voice-listening': 'جارٍ الاستماع…',
  'voice-speaking': 'الوكيل يتحدث…',
  'voice-paused': 'متوقف مؤقتًا. اضغط إملاء للتحدث.',
  'voice-denied': 'الميكروفون محظور. يمكنك الكتابة.',
  'voice-no-mic': 'لا يوجد ميكروفون. يمكنك الكتابة.',
  'voice-no-speech': 'لم يُسمع شيء. اضغط إملاء للمحاولة مجددًا.',
  'voice-service': 'التعرّف على الكلام لا يعمل. يمكنك الكتابة.',
  codeSkipped: 'مقطع برمجي على الشاشة.',
  REASON_USER_END: 'لقد أنهيت المحادثة.',
  REASON_NATURAL_END: 'انتهت المحادثة.',
  REASON_USER_ABANDONED: 'أُغلقت المحادثة لعدم النشاط.',
  callMe: 'اتصل بي',
  phoneNumber: 'رقم الهاتف',
  country: 'البلد',
  requestCall: 'طلب مكالمة',
  callbackConsent: 'سنتصل بهذا الرقم مرة واحدة بخصوص هذه المحادثة.',
  'callback-requested': 'تم طلب المكالمة…',
  'callback-calling': 'جارٍ الاتصال بك…',
  'callback-connected': 'تم الاتصال. تستكمل المكالمة هذه المحادثة.',
  'callback-failed': 'لم تتم المكالمة.',
  'callback-ended': 'انتهت المكالمة.',
  'callback-invalid_number': 'أدخل رقم هاتف صالحًا.',
  'callback-country_not_allowed': 'لا نتصل بأرقام هذا البلد.',
  'callback-blocked_number': 'لا نتصل بهذا النوع من الأرقام.',
  'callback-in_progress': 'هناك مكالمة جارية بالفعل.',
  'callback-too_many_calls': 'طلبات مكالمات كثيرة. حاول لاحقًا.',
  'callback-unavailable': 'تعذّر طلب المكالمة. حاول لاحقًا.',
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
const BUNDLES = new Map<Locale, LocaleBundle>([
  ['en', { lang: 'en', core: en, features: {} }],
  ['fr', { lang: 'fr', core: fr, features: {} }],
  ['ar', { lang: 'ar', core: ar, features: {} }],
]);
/** One Strings per locale, so components memoized on it re-render only when the language changes. */
const STRINGS = new Map<Locale, Strings>();
const changeListeners = new Set<() => void>();

/** A locale's file arrived: its texts apply from the next render of every widget. */
export function registerLocale(bundle: LocaleBundle): void {
  if (BUNDLES.has(bundle.lang)) return;
  BUNDLES.set(bundle.lang, bundle);
  for (const listener of changeListeners) listener();
}

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
