// Every visible string of the widget, per locale. Compact on purpose (bundle budget): the keys
// once, space-separated; then each locale as ONE '|'-separated string IN THE SAME ORDER
// (strings.test.ts checks the counts). '%' marks the one interpolated value.
// Locale: explicit > server > page <html lang> > browser, matched by primary subtag, else English.

const KEYS =
  'open close title log end endQ endYes cancel msg ph send you agent retry failed sending newMsgs typing ' +
  'connecting reconnecting offline online tryAgain newConv link ' +
  // error codes: 'e-' + WebchatError.code
  'e-config e-network e-rate-limited e-server e-session-lost e-protocol e-message-too-long ' +
  // notices: Notice.code
  'handoff-started handoff-accepted live-agent-joined live-agent-left handoff-failed handoff-timeout client-handoff ' +
  'session-lost new-conversation fallback-rest queuePos queueWait queueSoon ' +
  // session end reasons
  'REASON_USER_END REASON_NATURAL_END REASON_USER_ABANDONED';

type Split<S extends string> = S extends `${infer A} ${infer B}` ? A | Split<B> : S;
export type StringKey = Split<typeof KEYS>;

/** Exported for strings.test.ts. */
export const KEY_LIST = KEYS.split(' ');

/** Exported for strings.test.ts. */
export const TABLE: Record<string, string> = {
  en:
    'Open chat|Close chat|Chat|Conversation|End chat|End this chat?|End|Cancel|Message|Type a message…|Send|' +
    'You|Agent|Retry|Not sent|Sending…|New messages|% is typing…|Connecting…|Reconnecting…|' +
    "You're offline. Messages will wait.|Connected|Try again|Start new conversation|Open link|" +
    "Chat is unavailable on this site.|Can't reach the chat service.|Too many requests. Please wait.|" +
    'The chat service is having trouble.|The conversation was interrupted.|Something went wrong.|' +
    'Message too long|Connecting you to a person…|A person will be with you shortly.|% joined the chat|' +
    "% left the chat|Couldn't reach a person. Try again later.|No one is available now. Try again later.|" +
    'This conversation continues on another channel.|' +
    'Connection lost. Send a message to start again.|New conversation|Using a basic connection.|' +
    'Position in queue: %|Wait: about % min|Wait: under a minute|You ended the chat.|The chat has ended.|' +
    'The chat was closed due to inactivity.',
  fr:
    'Ouvrir le chat|Fermer le chat|Chat|Conversation|Terminer le chat|Terminer ce chat ?|Terminer|Annuler|' +
    'Message|Écrivez un message…|Envoyer|Vous|Agent|Réessayer|Non envoyé|Envoi…|Nouveaux messages|% écrit…|' +
    'Connexion…|Reconnexion…|Hors ligne. Vos messages attendront.|Connecté|Réessayer|' +
    'Nouvelle conversation|Ouvrir le lien|Chat indisponible sur ce site.|Service de chat injoignable.|' +
    'Trop de demandes. Patientez.|Le service de chat a un problème.|Conversation interrompue.|' +
    "Une erreur s'est produite.|Message trop long|Mise en relation avec une personne…|" +
    'Une personne va vous répondre.|% a rejoint le chat|% a quitté le chat|' +
    "Aucune personne joignable. Réessayez plus tard.|Personne n'est disponible. Réessayez plus tard.|" +
    'La conversation continue sur un autre canal.|Connexion perdue. Écrivez pour reprendre.|' +
    'Nouvelle conversation|Connexion simplifiée.|Position dans la file : %|Attente : environ % min|' +
    "Attente : moins d'une minute|Vous avez terminé le chat.|Le chat est terminé.|Chat fermé pour inactivité.",
  ar:
    'فتح المحادثة|إغلاق المحادثة|محادثة|المحادثة|إنهاء المحادثة|إنهاء المحادثة؟|إنهاء|إلغاء|رسالة|اكتب رسالة…|' +
    'إرسال|أنت|الوكيل|إعادة المحاولة|لم تُرسل|جارٍ الإرسال…|رسائل جديدة|% يكتب…|جارٍ الاتصال…|' +
    'جارٍ إعادة الاتصال…|أنت غير متصل. ستنتظر رسائلك.|متصل|حاول مرة أخرى|بدء محادثة جديدة|فتح الرابط|' +
    'المحادثة غير متاحة هنا.|تعذّر الوصول إلى الخدمة.|طلبات كثيرة. يرجى الانتظار.|الخدمة تواجه مشكلة.|' +
    'انقطعت المحادثة.|حدث خطأ ما.|الرسالة طويلة جدًا|جارٍ تحويلك إلى موظف…|سينضم إليك موظف قريبًا.|' +
    'انضم % إلى المحادثة|غادر % المحادثة|تعذّر الوصول إلى موظف. حاول لاحقًا.|' +
    'لا يوجد أحد متاح الآن. حاول لاحقًا.|تستمر المحادثة عبر قناة أخرى.|' +
    'انقطع الاتصال. أرسل رسالة للمتابعة.|محادثة جديدة|اتصال مبسّط.|ترتيبك في الانتظار: %|' +
    'الانتظار: نحو % دقيقة|الانتظار: أقل من دقيقة|لقد أنهيت المحادثة.|انتهت المحادثة.|' +
    'أُغلقت المحادثة لعدم النشاط.',
};

export interface I18n {
  /** Supported locale actually used (primary subtag). */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Date and time of a message, in this locale. */
  date: Intl.DateTimeFormat;
  t(key: StringKey, value?: string | number): string;
}

/** First supported primary subtag among the candidates, else 'en'. */
export function pickLocale(...candidates: (string | null | undefined)[]): string {
  for (const c of candidates) {
    const p = c?.toLowerCase().split(/[-_]/)[0];
    if (p && TABLE[p]) return p;
  }
  return 'en';
}

/** Candidates in order of preference; the page's language (`<html lang>`, then the browser's) last. */
export function getI18n(...candidates: (string | null | undefined)[]): I18n {
  const lang = pickLocale(...candidates, document.documentElement.lang || navigator.language);
  const s = TABLE[lang]!.split('|');
  return {
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    date: new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }),
    // A function replacer: a name like "$&" must stay as it is.
    t: (key, value) => (s[KEY_LIST.indexOf(key)] || key).replace('%', () => `${value}`),
  };
}
