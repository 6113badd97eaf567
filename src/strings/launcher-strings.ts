// The few texts the loader shows before the rest of the widget is here: the launcher's name (the
// widget's own, from strings.ts — a test keeps the two equal) and what it says when the rest
// could not be fetched. The locales and the way one is picked are the widget's too.

export interface LauncherStrings {
  openChat: string;
  /** The browser is offline: the next click tries again. */
  offline: string;
  /** The rest of the widget was missing or refused. */
  failed: string;
}

const TABLES: ReadonlyMap<string, LauncherStrings> = new Map([
  ['en', { openChat: 'Open chat', offline: 'You are offline. Try again once you are back online.', failed: 'The chat could not start.' }],
  [
    'fr',
    {
      openChat: 'Ouvrir le chat',
      offline: 'Vous êtes hors ligne. Réessayez une fois la connexion revenue.',
      failed: 'Le chat n’a pas pu démarrer.',
    },
  ],
  ['ar', { openChat: 'فتح المحادثة', offline: 'أنت غير متصل. حاول مجددًا بعد عودة الاتصال.', failed: 'تعذّر بدء المحادثة.' }],
  [
    'es',
    {
      openChat: 'Abrir chat',
      offline: 'Estás sin conexión. Vuelve a intentarlo cuando tengas conexión.',
      failed: 'No se pudo iniciar el chat.',
    },
  ],
  [
    'de',
    {
      openChat: 'Chat öffnen',
      offline: 'Sie sind offline. Versuchen Sie es erneut, sobald Sie wieder online sind.',
      failed: 'Der Chat konnte nicht gestartet werden.',
    },
  ],
  [
    'pt',
    {
      openChat: 'Abrir chat',
      offline: 'Você está offline. Tente de novo quando voltar a ficar online.',
      failed: 'Não foi possível iniciar o chat.',
    },
  ],
  [
    'it',
    { openChat: 'Apri la chat', offline: 'Sei offline. Riprova quando sarai di nuovo online.', failed: 'Impossibile avviare la chat.' },
  ],
  [
    'ja',
    {
      openChat: 'チャットを開く',
      offline: 'オフラインです。オンラインに戻ったらもう一度お試しください。',
      failed: 'チャットを開始できませんでした。',
    },
  ],
  ['zh', { openChat: '打开聊天', offline: '你已离线。恢复联网后请重试。', failed: '无法启动聊天。' }],
]);

export const LAUNCHER_LOCALES: readonly string[] = [...TABLES.keys()];

export interface LauncherText {
  lang: string;
  dir: 'ltr' | 'rtl';
  strings: LauncherStrings;
}

/** The explicit locale, else the page's language (`<html lang>`, then the browser's), by primary subtag; else English. */
export function launcherText(locale: string | undefined): LauncherText {
  for (const candidate of [locale, document.documentElement.lang || navigator.language]) {
    const lang = candidate?.toLowerCase().split(/[-_]/)[0];
    const strings = lang ? TABLES.get(lang) : undefined;
    if (lang && strings) return { lang, dir: lang === 'ar' ? 'rtl' : 'ltr', strings };
  }
  return { lang: 'en', dir: 'ltr', strings: TABLES.get('en')! };
}
