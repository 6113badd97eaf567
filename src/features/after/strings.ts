// The texts of the after-conversation feature (rating, message feedback), one table per offered
// locale: a missing or extra key is a type error. English goes into the feature itself (index.ts);
// every other table travels in its locale's file, fetched only by the pages in that language.

export type AfterStringKey =
  | 'rateConversation'
  | 'star1'
  | 'star2'
  | 'star3'
  | 'star4'
  | 'star5'
  | 'comment'
  | 'commentHint'
  | 'sendRating'
  | 'sendingRating'
  | 'ratingThanks'
  | 'chooseScore'
  // why a rating was not taken (RatingProblem)
  | 'rating-forbidden'
  | 'rating-rate-limited'
  | 'rating-invalid'
  | 'rating-unavailable'
  | 'helpful'
  | 'notHelpful';

export type AfterStrings = Readonly<Record<AfterStringKey, string>>;

export const en: AfterStrings = {
  rateConversation: 'Rate this conversation',
  star1: '1 star',
  star2: '2 stars',
  star3: '3 stars',
  star4: '4 stars',
  star5: '5 stars',
  comment: 'Comment',
  commentHint: 'Optional',
  sendRating: 'Send rating',
  sendingRating: 'Sending…',
  ratingThanks: 'Thank you for your rating.',
  chooseScore: 'Choose a number of stars first.',
  'rating-forbidden': 'This conversation can no longer be rated.',
  'rating-rate-limited': 'Too many ratings. Please try again later.',
  'rating-invalid': 'This rating could not be accepted.',
  'rating-unavailable': 'Your rating could not be sent. Please try again.',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
};

export const fr: AfterStrings = {
  rateConversation: 'Évaluez cette conversation',
  star1: '1 étoile',
  star2: '2 étoiles',
  star3: '3 étoiles',
  star4: '4 étoiles',
  star5: '5 étoiles',
  comment: 'Commentaire',
  commentHint: 'Facultatif',
  sendRating: 'Envoyer l’évaluation',
  sendingRating: 'Envoi…',
  ratingThanks: 'Merci pour votre évaluation.',
  chooseScore: 'Choisissez d’abord un nombre d’étoiles.',
  'rating-forbidden': 'Cette conversation ne peut plus être évaluée.',
  'rating-rate-limited': 'Trop d’évaluations. Réessayez plus tard.',
  'rating-invalid': 'Cette évaluation n’a pas pu être acceptée.',
  'rating-unavailable': 'Votre évaluation n’a pas pu être envoyée. Réessayez.',
  helpful: 'Utile',
  notHelpful: 'Pas utile',
};

export const ar: AfterStrings = {
  rateConversation: 'قيّم هذه المحادثة',
  star1: 'نجمة واحدة',
  star2: 'نجمتان',
  star3: '3 نجوم',
  star4: '4 نجوم',
  star5: '5 نجوم',
  comment: 'تعليق',
  commentHint: 'اختياري',
  sendRating: 'إرسال التقييم',
  sendingRating: 'جارٍ الإرسال…',
  ratingThanks: 'شكرًا على تقييمك.',
  chooseScore: 'اختر عدد النجوم أولًا.',
  'rating-forbidden': 'لم يعد بالإمكان تقييم هذه المحادثة.',
  'rating-rate-limited': 'تقييمات كثيرة. حاول لاحقًا.',
  'rating-invalid': 'تعذّر قبول هذا التقييم.',
  'rating-unavailable': 'تعذّر إرسال تقييمك. حاول مرة أخرى.',
  helpful: 'مفيد',
  notHelpful: 'غير مفيد',
};

export const es: AfterStrings = {
  rateConversation: 'Valora esta conversación',
  star1: '1 estrella',
  star2: '2 estrellas',
  star3: '3 estrellas',
  star4: '4 estrellas',
  star5: '5 estrellas',
  comment: 'Comentario',
  commentHint: 'Opcional',
  sendRating: 'Enviar valoración',
  sendingRating: 'Enviando…',
  ratingThanks: 'Gracias por tu valoración.',
  chooseScore: 'Elige primero un número de estrellas.',
  'rating-forbidden': 'Esta conversación ya no se puede valorar.',
  'rating-rate-limited': 'Demasiadas valoraciones. Inténtalo más tarde.',
  'rating-invalid': 'No se pudo aceptar esta valoración.',
  'rating-unavailable': 'No se pudo enviar tu valoración. Inténtalo de nuevo.',
  helpful: 'Útil',
  notHelpful: 'No útil',
};

export const de: AfterStrings = {
  rateConversation: 'Dieses Gespräch bewerten',
  star1: '1 Stern',
  star2: '2 Sterne',
  star3: '3 Sterne',
  star4: '4 Sterne',
  star5: '5 Sterne',
  comment: 'Kommentar',
  commentHint: 'Optional',
  sendRating: 'Bewertung senden',
  sendingRating: 'Wird gesendet…',
  ratingThanks: 'Danke für Ihre Bewertung.',
  chooseScore: 'Wählen Sie zuerst eine Anzahl Sterne.',
  'rating-forbidden': 'Dieses Gespräch kann nicht mehr bewertet werden.',
  'rating-rate-limited': 'Zu viele Bewertungen. Bitte später erneut versuchen.',
  'rating-invalid': 'Diese Bewertung konnte nicht angenommen werden.',
  'rating-unavailable': 'Ihre Bewertung konnte nicht gesendet werden. Bitte erneut versuchen.',
  helpful: 'Hilfreich',
  notHelpful: 'Nicht hilfreich',
};

export const pt: AfterStrings = {
  rateConversation: 'Avalie esta conversa',
  star1: '1 estrela',
  star2: '2 estrelas',
  star3: '3 estrelas',
  star4: '4 estrelas',
  star5: '5 estrelas',
  comment: 'Comentário',
  commentHint: 'Opcional',
  sendRating: 'Enviar avaliação',
  sendingRating: 'Enviando…',
  ratingThanks: 'Obrigado pela sua avaliação.',
  chooseScore: 'Escolha primeiro um número de estrelas.',
  'rating-forbidden': 'Esta conversa já não pode ser avaliada.',
  'rating-rate-limited': 'Avaliações demais. Tente novamente mais tarde.',
  'rating-invalid': 'Não foi possível aceitar esta avaliação.',
  'rating-unavailable': 'Não foi possível enviar a sua avaliação. Tente novamente.',
  helpful: 'Útil',
  notHelpful: 'Não útil',
};

export const it: AfterStrings = {
  rateConversation: 'Valuta questa conversazione',
  star1: '1 stella',
  star2: '2 stelle',
  star3: '3 stelle',
  star4: '4 stelle',
  star5: '5 stelle',
  comment: 'Commento',
  commentHint: 'Facoltativo',
  sendRating: 'Invia valutazione',
  sendingRating: 'Invio…',
  ratingThanks: 'Grazie per la tua valutazione.',
  chooseScore: 'Scegli prima un numero di stelle.',
  'rating-forbidden': 'Questa conversazione non può più essere valutata.',
  'rating-rate-limited': 'Troppe valutazioni. Riprova più tardi.',
  'rating-invalid': 'Non è stato possibile accettare questa valutazione.',
  'rating-unavailable': 'Non è stato possibile inviare la valutazione. Riprova.',
  helpful: 'Utile',
  notHelpful: 'Non utile',
};

export const ja: AfterStrings = {
  rateConversation: 'この会話を評価',
  star1: '星1つ',
  star2: '星2つ',
  star3: '星3つ',
  star4: '星4つ',
  star5: '星5つ',
  comment: 'コメント',
  commentHint: '任意',
  sendRating: '評価を送信',
  sendingRating: '送信中…',
  ratingThanks: '評価をありがとうございました。',
  chooseScore: '先に星の数を選んでください。',
  'rating-forbidden': 'この会話はもう評価できません。',
  'rating-rate-limited': '評価が多すぎます。しばらくしてからお試しください。',
  'rating-invalid': 'この評価は受け付けられませんでした。',
  'rating-unavailable': '評価を送信できませんでした。もう一度お試しください。',
  helpful: '役に立った',
  notHelpful: '役に立たなかった',
};

export const zh: AfterStrings = {
  rateConversation: '为此对话评分',
  star1: '1 星',
  star2: '2 星',
  star3: '3 星',
  star4: '4 星',
  star5: '5 星',
  comment: '评论',
  commentHint: '可选',
  sendRating: '提交评分',
  sendingRating: '正在发送…',
  ratingThanks: '感谢您的评分。',
  chooseScore: '请先选择星级。',
  'rating-forbidden': '此对话已无法评分。',
  'rating-rate-limited': '评分次数过多，请稍后再试。',
  'rating-invalid': '此评分未被接受。',
  'rating-unavailable': '无法发送您的评分，请重试。',
  helpful: '有帮助',
  notHelpful: '没有帮助',
};
