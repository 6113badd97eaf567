// The conversation as plain text (handle.transcript(), "Download transcript"): one line per
// message — its time in the widget's language, its author, its readable text, its attachments as
// title and address. Only what the visitor saw: no message id, no token, no notice.
import type { TranscriptItem } from '../store/state';
import type { Strings } from '../strings/strings';
import { markdownLines } from './markdown/plain-text';

export interface TranscriptTextOptions {
  strings: Strings;
  /** Agent text as Markdown (the widget's `markdown` option): written out as its readable text. */
  markdown: boolean;
}

export function transcriptText(items: readonly TranscriptItem[], { strings, markdown }: TranscriptTextOptions): string {
  const lines: string[] = [];
  for (const item of items) {
    if (item.kind === 'system') continue;
    const fromUser = item.kind === 'user';
    const author = fromUser ? strings.translate('you') : item.authorName || strings.translate('agent');
    const textLines = markdown && !fromUser ? markdownLines(item.text) : item.text.split('\n');
    const parts = textLines.map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
    if (!fromUser)
      for (const { title, contentUrl, previewImageUrl } of item.attachments)
        parts.push(`[${[title, contentUrl ?? previewImageUrl].filter(Boolean).join(' ') || '…'}]`);
    if (parts.length === 0) continue;
    lines.push(`[${strings.formatDate(new Date(item.timestamp))}] ${author}: ${parts.join(' ')}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
