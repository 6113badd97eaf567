// Voice (dictation, read-aloud, voice mode): its texts, one table per locale. English is the feature's own (index.ts
// passes it to defineFeature); every other table travels in that locale's file
// (src/features/locale-files/), never in the feature's file.
import type { FeatureTexts } from '../../seam/types';

export const en = {
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
} satisfies FeatureTexts<string>;

export type Key = keyof typeof en;

export const fr: FeatureTexts<Key> = {
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
};

export const ar: FeatureTexts<Key> = {
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
};

export const es: FeatureTexts<Key> = {
  dictate: 'Dictar',
  listen: 'Escuchar',
  voiceMode: 'Modo de voz',
  'voice-listening': 'Escuchando…',
  'voice-speaking': 'El agente está hablando…',
  'voice-paused': 'En pausa. Pulsa Dictar para hablar.',
  'voice-denied': 'Micrófono bloqueado. Puedes escribir.',
  'voice-no-mic': 'No se encontró ningún micrófono. Puedes escribir.',
  'voice-no-speech': 'No se oyó nada. Pulsa Dictar para volver a intentarlo.',
  'voice-service': 'El reconocimiento de voz no funciona. Puedes escribir.',
  codeSkipped: 'Bloque de código en pantalla.',
};

export const de: FeatureTexts<Key> = {
  dictate: 'Diktieren',
  listen: 'Vorlesen',
  voiceMode: 'Sprachmodus',
  'voice-listening': 'Hört zu…',
  'voice-speaking': 'Der Agent spricht…',
  'voice-paused': 'Pausiert. Drücken Sie auf Diktieren, um zu sprechen.',
  'voice-denied': 'Mikrofon blockiert. Sie können stattdessen schreiben.',
  'voice-no-mic': 'Kein Mikrofon gefunden. Sie können stattdessen schreiben.',
  'voice-no-speech': 'Nichts gehört. Drücken Sie auf Diktieren, um es erneut zu versuchen.',
  'voice-service': 'Die Spracherkennung funktioniert nicht. Sie können stattdessen schreiben.',
  codeSkipped: 'Codeblock auf dem Bildschirm.',
};

export const pt: FeatureTexts<Key> = {
  dictate: 'Ditar',
  listen: 'Ouvir',
  voiceMode: 'Modo de voz',
  'voice-listening': 'Ouvindo…',
  'voice-speaking': 'O agente está falando…',
  'voice-paused': 'Em pausa. Toque em Ditar para falar.',
  'voice-denied': 'Microfone bloqueado. Você pode digitar.',
  'voice-no-mic': 'Nenhum microfone encontrado. Você pode digitar.',
  'voice-no-speech': 'Nada foi ouvido. Toque em Ditar para tentar de novo.',
  'voice-service': 'O reconhecimento de voz não está funcionando. Você pode digitar.',
  codeSkipped: 'Bloco de código na tela.',
};

export const it: FeatureTexts<Key> = {
  dictate: 'Detta',
  listen: 'Ascolta',
  voiceMode: 'Modalità vocale',
  'voice-listening': 'In ascolto…',
  'voice-speaking': 'L’agente sta parlando…',
  'voice-paused': 'In pausa. Premi Detta per parlare.',
  'voice-denied': 'Microfono bloccato. Puoi scrivere.',
  'voice-no-mic': 'Nessun microfono trovato. Puoi scrivere.',
  'voice-no-speech': 'Non ho sentito nulla. Premi Detta per riprovare.',
  'voice-service': 'Il riconoscimento vocale non funziona. Puoi scrivere.',
  codeSkipped: 'Blocco di codice sullo schermo.',
};

export const ja: FeatureTexts<Key> = {
  dictate: '音声入力',
  listen: '読み上げ',
  voiceMode: '音声モード',
  'voice-listening': '聞き取り中…',
  'voice-speaking': 'エージェントが話しています…',
  'voice-paused': '一時停止中です。話すには「音声入力」を押してください。',
  'voice-denied': 'マイクがブロックされています。文字で入力できます。',
  'voice-no-mic': 'マイクが見つかりません。文字で入力できます。',
  'voice-no-speech': '何も聞き取れませんでした。「音声入力」を押してもう一度お試しください。',
  'voice-service': '音声認識が機能していません。文字で入力できます。',
  codeSkipped: '画面にコードブロックがあります。',
};

export const zh: FeatureTexts<Key> = {
  dictate: '语音输入',
  listen: '朗读',
  voiceMode: '语音模式',
  'voice-listening': '正在聆听…',
  'voice-speaking': '客服正在说话…',
  'voice-paused': '已暂停。按“语音输入”开始说话。',
  'voice-denied': '麦克风已被阻止。你可以改为打字。',
  'voice-no-mic': '未找到麦克风。你可以改为打字。',
  'voice-no-speech': '没有听到声音。按“语音输入”重试。',
  'voice-service': '语音识别无法使用。你可以改为打字。',
  codeSkipped: '屏幕上有代码块。',
};
