// Upload in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ja: FeatureTexts<Key> = {
  attach: 'ファイルを添付',
  attached: '送信するファイル',
  remove: '%を削除',
  uploading: '%をアップロード中',
  cancel: '%をキャンセル',
  tryAgain: '再試行',
  waiting: '接続を待っています',
  dropHere: 'ここにファイルをドロップして添付',
  'too-big': '大きすぎます（上限は%）',
  'too-big-plain': '大きすぎます',
  type: 'この種類のファイルは受け付けていません',
  empty: 'ファイルが空です',
  forbidden: 'ファイルは会話中にのみ送信できます',
  refused: 'サイトに受け付けられませんでした',
  busy: 'ファイルが多すぎます。少し待ってください',
  server: 'サイトが保存できませんでした',
  network: 'サイトに接続できませんでした',
};
