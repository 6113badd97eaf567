// Upload in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const pt: FeatureTexts<Key> = {
  attach: 'Anexar um arquivo',
  attached: 'Arquivos para enviar',
  remove: 'Remover %',
  uploading: 'Enviando %',
  cancel: 'Cancelar %',
  tryAgain: 'Tentar novamente',
  waiting: 'Aguarda a conexão',
  dropHere: 'Solte os arquivos aqui para anexá-los',
  'too-big': 'grande demais: o limite é %',
  'too-big-plain': 'grande demais',
  type: 'este tipo de arquivo não é aceito',
  empty: 'o arquivo está vazio',
  forbidden: 'arquivos só podem ser enviados durante uma conversa',
  refused: 'o site não o aceitou',
  busy: 'arquivos demais por enquanto; aguarde um pouco',
  server: 'o site não conseguiu guardá-lo',
  network: 'não foi possível acessar o site',
};
