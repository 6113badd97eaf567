// Attachments and suggestions: shared by agent messages, live-agent messages and chunks.
// A bad element is skipped on its own; it never voids the message that carries it.

import type { Attachment, Suggestion } from './types';
import { isRecord, optionalString, requiredString } from './guards';

export function parseAttachments(value: unknown): Attachment[] {
  if (!Array.isArray(value)) return [];
  const out: Attachment[] = [];
  for (const element of value) {
    const attachment = parseAttachment(element);
    if (attachment) out.push(attachment);
  }
  return out;
}

function parseAttachment(value: unknown): Attachment | undefined {
  if (!isRecord(value)) return undefined;
  const title = requiredString(value.title);
  if (title === undefined) return undefined;
  const attachment: Attachment = {
    kind: value.content_type === 'ATTACHMENT_CONTENT_TYPE_IMAGE' ? 'image' : 'url',
    title,
  };
  const previewImageUrl = optionalString(value.preview_image_url);
  const contentUrl = optionalString(value.content_url);
  const callToActionText = optionalString(value.call_to_action_text);
  if (previewImageUrl) attachment.previewImageUrl = previewImageUrl;
  if (contentUrl) attachment.contentUrl = contentUrl;
  if (callToActionText) attachment.callToActionText = callToActionText;
  // Nothing to show at all: an empty card helps nobody.
  if (!title && !previewImageUrl && !contentUrl) return undefined;
  return attachment;
}

export function parseSuggestions(value: unknown): Suggestion[] {
  if (!Array.isArray(value)) return [];
  const out: Suggestion[] = [];
  for (const element of value) {
    // An empty suggestion would render as a nameless button that sends nothing.
    if (isRecord(element) && typeof element.message_text === 'string' && element.message_text.trim() !== '') {
      out.push({ text: element.message_text });
    }
  }
  return out;
}
