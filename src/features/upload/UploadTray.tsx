import type { FeatureText } from '../../seam/types';
import { h } from '../kit';
import { FileRow } from './FileRow';
import { OutgoingMessage } from './OutgoingMessage';
import { reasonText } from './reasons';
import type { Key } from './strings/en';
import type { Uploads } from './uploads';

interface UploadTrayProps {
  uploads: Uploads;
  text: FeatureText<Key>;
  /** After a control that disappears was used, focus goes back to the composer. */
  onDone(): void;
}

/**
 * Above the composer: the visitor's messages whose files are still going up, the files the site's
 * limits refused and why, the files attached to the next message (a preview for an image, a button
 * to put each away), and, while files are dragged over the panel, the drop target.
 */
export function UploadTray({ uploads, text, onDone }: UploadTrayProps) {
  const view = uploads.view();
  const { attached, refused, outgoing, dragging } = view;
  return (
    <div class="upload-tray">
      {outgoing.map((message) => (
        <OutgoingMessage key={message.id} message={message} view={view} uploads={uploads} text={text} onDone={onDone} />
      ))}
      {refused.map((file) => (
        <p key={file.id} class="upload-status" role="alert">
          {reasonText(text, file.name, file.refusal, file.maxBytes)}
        </p>
      ))}
      {attached.length > 0 && (
        <ul class="upload-files" aria-label={text.translate('attached')}>
          {attached.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              removeLabel={text.translate('remove', file.name)}
              onRemove={() => {
                uploads.unattach(file.id);
                onDone();
              }}
            />
          ))}
        </ul>
      )}
      {dragging && <div class="upload-drop">{text.translate('dropHere')}</div>}
    </div>
  );
}
