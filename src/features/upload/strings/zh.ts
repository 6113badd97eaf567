// Upload in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const zh: FeatureTexts<Key> = {
  attach: '附加文件',
  attached: '待发送的文件',
  remove: '移除 %',
  uploading: '正在上传 %',
  cancel: '取消 %',
  tryAgain: '重试',
  waiting: '正在等待连接',
  dropHere: '将文件拖放到此处以附加',
  'too-big': '文件过大：上限为 %',
  'too-big-plain': '文件过大',
  type: '不接受此类型的文件',
  empty: '文件为空',
  forbidden: '只能在对话中发送文件',
  refused: '网站未接受该文件',
  busy: '文件过多，请稍候',
  server: '网站无法保存该文件',
  network: '无法连接到网站',
};
