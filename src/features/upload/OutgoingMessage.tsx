import type { FeatureText } from '../../seam/types';
import { h } from '../kit';
import { FileRow } from './FileRow';
import { reasonText } from './reasons';
import type { Key } from './strings/en';
import { canRetry, type FileItem, type OutgoingMessage as Message, type Uploads, type UploadsView } from './uploads';

interface OutgoingMessageProps {
  message: Message;
  view: UploadsView;
  uploads: Uploads;
  text: FeatureText<Key>;
  /** After a control that disappears was used, focus goes back to the composer. */
  onDone(): void;
}

/** How far a file's upload went, in whole percents. */
const percent = ({ loaded, total }: FileItem) => (total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0);

/**
 * A message of the visitor whose files are going up: the words, then per file its preview, a
 * progress bar while it uploads and a button to cancel it; a failed file says why, and "Try again"
 * goes on with the message. Once every file is up, the message is the client's (an ordinary user
 * message in the transcript) and this disappears.
 */
export function OutgoingMessage({ message, view, uploads, text, onDone }: OutgoingMessageProps) {
  return (
    <div class="upload-outgoing">
      {message.words && (
        <div class="message-body" dir="auto">
          {message.words}
        </div>
      )}
      <ul class="upload-files">
        {message.files.map((file) => {
          const value = percent(file);
          return (
            <FileRow
              key={file.id}
              file={file}
              removeLabel={text.translate(file.state === 'failed' ? 'remove' : 'cancel', file.name)}
              onRemove={() => {
                uploads.cancel(message.id, file.id);
                onDone();
              }}
            >
              {file.state === 'uploading' && (
                <div
                  class="upload-progress"
                  role="progressbar"
                  aria-label={text.translate('uploading', file.name)}
                  // aria-valuemin and aria-valuemax default to 0 and 100
                  aria-valuenow={value}
                >
                  <span style={{ width: `${value}%` }} />
                </div>
              )}
              {file.state === 'waiting' && !view.online && <span class="upload-status">{text.translate('waiting')}</span>}
              {file.state === 'failed' && file.failure && (
                <span class="upload-status" role="alert">
                  {reasonText(text, file.name, file.failure, view.maxBytes)}
                </span>
              )}
            </FileRow>
          );
        })}
      </ul>
      {message.files.some((file) => canRetry(file.failure)) && (
        <button
          type="button"
          onClick={() => {
            uploads.retry(message.id);
            onDone();
          }}
        >
          {text.translate('tryAgain')}
        </button>
      )}
    </div>
  );
}
