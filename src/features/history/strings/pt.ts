// Earlier conversations in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const pt: FeatureTexts<Key> = {
  earlierConversations: 'Conversas anteriores',
  back: 'Voltar',
  forget: 'Esquecer minhas conversas',
  forgetQuestion: 'Esquecer todas as suas conversas anteriores? Isso não pode ser desfeito.',
  forgetConfirm: 'Esquecer',
  forgotten: 'Suas conversas anteriores foram esquecidas.',
  'channel-chat': 'Chat',
  'channel-phone': 'Chamada telefônica',
  loading: 'Carregando…',
  failed: 'Não foi possível carregar.',
  readOnly: 'Uma conversa anterior, somente leitura.',
};
