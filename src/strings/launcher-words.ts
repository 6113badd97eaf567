// The launcher's words in every language but English (which is the loader's own,
// launcher-strings.ts). Each locale's file (src/features/locale-files/<lang>.ts) carries its own
// language's as its `launcher` export; the script tag's loader takes them from that file, which it
// fetches at load on a page in that language, and names its launcher with them. One export per
// language, so that a locale's file carries only its own.

import type { LauncherStrings } from './launcher-strings';

export const fr: LauncherStrings = {
  openChat: 'Ouvrir le chat',
  offline: 'Vous êtes hors ligne. Réessayez une fois la connexion revenue.',
  failed: 'Le chat n’a pas pu démarrer.',
};
export const ar: LauncherStrings = {
  openChat: 'فتح المحادثة',
  offline: 'أنت غير متصل. حاول مجددًا بعد عودة الاتصال.',
  failed: 'تعذّر بدء المحادثة.',
};
export const es: LauncherStrings = {
  openChat: 'Abrir chat',
  offline: 'Estás sin conexión. Vuelve a intentarlo cuando tengas conexión.',
  failed: 'No se pudo iniciar el chat.',
};
export const de: LauncherStrings = {
  openChat: 'Chat öffnen',
  offline: 'Sie sind offline. Versuchen Sie es erneut, sobald Sie wieder online sind.',
  failed: 'Der Chat konnte nicht gestartet werden.',
};
export const pt: LauncherStrings = {
  openChat: 'Abrir chat',
  offline: 'Você está offline. Tente de novo quando voltar a ficar online.',
  failed: 'Não foi possível iniciar o chat.',
};
export const it: LauncherStrings = {
  openChat: 'Apri la chat',
  offline: 'Sei offline. Riprova quando sarai di nuovo online.',
  failed: 'Impossibile avviare la chat.',
};
export const ja: LauncherStrings = {
  openChat: 'チャットを開く',
  offline: 'オフラインです。オンラインに戻ったらもう一度お試しください。',
  failed: 'チャットを開始できませんでした。',
};
export const zh: LauncherStrings = { openChat: '打开聊天', offline: '你已离线。恢复联网后请重试。', failed: '无法启动聊天。' };
