// Upload in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const de: FeatureTexts<Key> = {
  attach: 'Datei anhängen',
  attached: 'Zu sendende Dateien',
  remove: '% entfernen',
  uploading: '% wird hochgeladen',
  cancel: '% abbrechen',
  tryAgain: 'Erneut versuchen',
  waiting: 'Wartet auf die Verbindung',
  dropHere: 'Dateien hier ablegen, um sie anzuhängen',
  'too-big': 'zu groß: die Grenze ist %',
  'too-big-plain': 'zu groß',
  type: 'dieser Dateityp wird nicht angenommen',
  empty: 'die Datei ist leer',
  forbidden: 'Dateien lassen sich nur während eines Gesprächs senden',
  refused: 'die Website hat sie nicht angenommen',
  busy: 'gerade zu viele Dateien; bitte kurz warten',
  server: 'die Website konnte sie nicht speichern',
  network: 'die Website ist nicht erreichbar',
};
