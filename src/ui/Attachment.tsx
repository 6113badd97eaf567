import { h } from 'preact';
import type { Attachment as AttachmentData } from '../protocol/types';
import type { Strings } from '../strings/strings';
import { ExternalLink } from './ExternalLink';
import { safeUrl } from './safe-url';

/** An image shows as itself; anything else as a card with its preview, title and link. */
export function Attachment({ attachment, strings }: { attachment: AttachmentData; strings: Strings }) {
  const { kind, title, contentUrl, previewImageUrl, callToActionText } = attachment;
  const href = safeUrl(contentUrl);
  const preview = safeUrl(previewImageUrl, true);
  const imageSrc = kind === 'image' && (safeUrl(contentUrl, true) || preview);
  if (imageSrc) return <img class="attachment-image" src={imageSrc} alt={title} loading="lazy" />;
  return (
    <div class="attachment-card" data-attachment={kind}>
      {preview && <img class="attachment-preview" src={preview} alt="" loading="lazy" />}
      <div class="attachment-text" dir="auto">
        <strong>{title}</strong>
        {href && <ExternalLink href={href}>{callToActionText || strings.translate('openLink')}</ExternalLink>}
      </div>
    </div>
  );
}
