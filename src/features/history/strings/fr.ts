// Earlier conversations in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const fr: FeatureTexts<Key> = {
  earlierConversations: 'Conversations précédentes',
  back: 'Retour',
  forget: 'Oublier mes conversations',
  forgetQuestion: 'Oublier toutes vos conversations précédentes ? C’est définitif.',
  forgetConfirm: 'Les oublier',
  forgotten: 'Vos conversations précédentes sont oubliées.',
  'channel-chat': 'Chat',
  'channel-phone': 'Appel téléphonique',
  loading: 'Chargement…',
  failed: 'Le chargement a échoué.',
  readOnly: 'Une conversation passée, en lecture seule.',
};
