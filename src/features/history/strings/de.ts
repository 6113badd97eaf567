// Earlier conversations in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const de: FeatureTexts<Key> = {
  earlierConversations: 'Frühere Unterhaltungen',
  back: 'Zurück',
  forget: 'Meine Unterhaltungen vergessen',
  forgetQuestion: 'Alle früheren Unterhaltungen vergessen? Das lässt sich nicht rückgängig machen.',
  forgetConfirm: 'Vergessen',
  forgotten: 'Ihre früheren Unterhaltungen sind vergessen.',
  'channel-chat': 'Chat',
  'channel-phone': 'Telefonanruf',
  loading: 'Wird geladen…',
  failed: 'Das konnte nicht geladen werden.',
  readOnly: 'Eine frühere Unterhaltung, nur zum Lesen.',
};
