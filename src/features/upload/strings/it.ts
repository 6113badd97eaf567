// Upload in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const it: FeatureTexts<Key> = {
  attach: 'Allega un file',
  attached: 'File da inviare',
  remove: 'Rimuovi %',
  uploading: 'Caricamento di %',
  cancel: 'Annulla %',
  tryAgain: 'Riprova',
  waiting: 'Attende la connessione',
  dropHere: 'Trascina qui i file per allegarli',
  'too-big': 'troppo grande: il limite è %',
  'too-big-plain': 'troppo grande',
  type: 'questo tipo di file non è accettato',
  empty: 'il file è vuoto',
  forbidden: 'i file si inviano solo durante una conversazione',
  refused: 'il sito non lo ha accettato',
  busy: 'troppi file per ora; attendi un momento',
  server: 'il sito non è riuscito a conservarlo',
  network: 'impossibile raggiungere il sito',
};
