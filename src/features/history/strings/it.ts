// Earlier conversations in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const it: FeatureTexts<Key> = {
  earlierConversations: 'Conversazioni precedenti',
  back: 'Indietro',
  forget: 'Dimentica le mie conversazioni',
  forgetQuestion: 'Dimenticare tutte le conversazioni precedenti? Non si può annullare.',
  forgetConfirm: 'Dimenticale',
  forgotten: 'Le tue conversazioni precedenti sono state dimenticate.',
  'channel-chat': 'Chat',
  'channel-phone': 'Telefonata',
  loading: 'Caricamento…',
  failed: 'Impossibile caricare.',
  readOnly: 'Una conversazione passata, di sola lettura.',
};
