// Upload in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const fr: FeatureTexts<Key> = {
  attach: 'Joindre un fichier',
  attached: 'Fichiers à envoyer',
  remove: 'Retirer %',
  uploading: 'Envoi de %',
  cancel: 'Annuler %',
  tryAgain: 'Réessayer',
  waiting: 'Attend la connexion',
  dropHere: 'Déposez les fichiers ici pour les joindre',
  'too-big': 'trop volumineux : la limite est de %',
  'too-big-plain': 'trop volumineux',
  type: "ce type de fichier n'est pas accepté",
  empty: 'le fichier est vide',
  forbidden: "les fichiers ne s'envoient que pendant une conversation",
  refused: "le site ne l'a pas accepté",
  busy: 'trop de fichiers pour le moment ; patientez un peu',
  server: "le site n'a pas pu le conserver",
  network: 'le site est injoignable',
};
