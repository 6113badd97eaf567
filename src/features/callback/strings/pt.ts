// "Call me" in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const pt: FeatureTexts<Key> = {
  callMe: 'Ligue para mim',
  phoneNumber: 'Número de telefone',
  country: 'País',
  requestCall: 'Pedir ligação',
  callbackConsent: 'Ligaremos para este número uma vez, sobre esta conversa.',
  'callback-requested': 'Ligação solicitada…',
  'callback-calling': 'Estamos ligando para você…',
  'callback-connected': 'Ligação conectada. A ligação continua esta conversa.',
  'callback-failed': 'A ligação não foi completada.',
  'callback-ended': 'A ligação terminou.',
  'callback-invalid_number': 'Informe um número de telefone válido.',
  'callback-country_not_allowed': 'Não podemos ligar para números deste país.',
  'callback-blocked_number': 'Não podemos ligar para este tipo de número.',
  'callback-in_progress': 'Já há uma ligação a caminho.',
  'callback-too_many_calls': 'Muitas ligações solicitadas. Tente mais tarde.',
  'callback-unavailable': 'Não foi possível pedir a ligação. Tente mais tarde.',
  'call-turns': 'O que foi dito ao telefone',
  readWholeCall: 'Ler a chamada inteira',
};
