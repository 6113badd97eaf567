import type { FeatureText } from '../../seam/types';
import { h, Icon } from '../kit';
import { Following } from './following';
import { UPLOAD_ICONS } from './icons';
import { reasonText } from './reasons';
import type { Key } from './strings/en';
import type { Uploads } from './uploads';

interface AttachedFilesProps {
  uploads: Uploads;
  text: FeatureText<Key>;
  /** After a file is put away, focus goes back to the composer. */
  onRemoved(): void;
}

/**
 * Above the composer: the files that go with the next message (a preview for an image, a button to
 * put each away), the files the site's limits refused and why, and, while files are dragged over
 * the panel, the drop target.
 */
export class AttachedFiles extends Following<AttachedFilesProps> {
  override render({ uploads, text, onRemoved }: AttachedFilesProps) {
    const { attached, refused, dragging } = uploads.view();
    return (
      <div class="upload-tray">
        {refused.map((file) => (
          <p key={file.id} class="upload-refused" role="alert">
            {reasonText(text, file.name, file.refusal, file.maxBytes)}
          </p>
        ))}
        {attached.length > 0 && (
          <ul class="upload-attached" aria-label={text.translate('attached')}>
            {attached.map((file) => (
              <li key={file.id} class="upload-chip">
                {file.preview && <img class="upload-preview" src={file.preview} alt="" />}
                <span class="upload-name" dir="auto">
                  {file.name}
                </span>
                <button
                  type="button"
                  class="upload-icon-button"
                  aria-label={text.translate('remove', file.name)}
                  onClick={() => {
                    uploads.unattach(file.id);
                    onRemoved();
                  }}
                >
                  <Icon path={UPLOAD_ICONS.cross} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {dragging && (
          <div class="upload-drop" data-drop-target="">
            <span>{text.translate('dropHere')}</span>
          </div>
        )}
      </div>
    );
  }
}
