import type { FeatureText } from '../../seam/types';
import { h, Icon } from '../kit';
import { Following } from './following';
import { UPLOAD_ICONS } from './icons';
import { reasonText } from './reasons';
import type { Key } from './strings/en';
import { canRetry, type FileItem, type OutgoingMessage, type Uploads, type UploadsView } from './uploads';

interface OutgoingMessagesProps {
  uploads: Uploads;
  text: FeatureText<Key>;
  /** After a control that disappears was used, focus goes back to the composer. */
  onDone(): void;
}

/** How far a file's upload went, in whole percents. */
const percent = ({ loaded, total }: FileItem) => (total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0);

/**
 * At the end of the transcript, the visitor's messages whose files are still going up: the words,
 * then per file its preview, a progress bar while it uploads and a button to cancel it; a failed
 * file says why, and "Try again" goes on with the message. Once every file is up, the message is
 * the client's (an ordinary user message in the transcript) and leaves this list.
 */
export class OutgoingMessages extends Following<OutgoingMessagesProps> {
  override render({ uploads, text, onDone }: OutgoingMessagesProps) {
    const view = uploads.view();
    return view.outgoing.map((message) => {
      const failed = message.files.some((file) => file.state === 'failed');
      return (
        <div key={message.id} class="transcript-item upload-outgoing" data-upload={failed ? 'failed' : 'sending'}>
          <span class="visually-hidden">{`${text.core.translate('you')}:`}</span>
          {message.words && (
            <div class="message-body" dir="auto">
              {message.words}
            </div>
          )}
          {message.files.length > 0 && (
            <ul class="upload-files">
              {message.files.map((file) => (
                <OutgoingFile key={file.id} file={file} message={message} view={view} {...this.props} />
              ))}
            </ul>
          )}
          {failed && message.files.some((file) => canRetry(file.failure)) && (
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
    });
  }
}

function OutgoingFile({
  file,
  message,
  view,
  uploads,
  text,
  onDone,
}: OutgoingMessagesProps & { file: FileItem; message: OutgoingMessage; view: UploadsView }) {
  const value = percent(file);
  return (
    <li class="upload-file" data-state={file.state}>
      {file.preview && <img class="upload-preview" src={file.preview} alt="" />}
      <span class="upload-file-text">
        <span class="upload-name" dir="auto">
          {file.name}
        </span>
        {file.state === 'uploading' && (
          <div
            class="upload-progress"
            role="progressbar"
            aria-label={text.translate('uploading', file.name)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
          >
            <span style={{ width: `${value}%` }} />
          </div>
        )}
        {file.state === 'waiting' && <span class="upload-status">{text.translate(view.online ? 'queued' : 'waiting')}</span>}
        {file.state === 'done' && <span class="upload-status">{text.translate('uploaded')}</span>}
        {file.state === 'failed' && file.failure && (
          <span class="upload-status upload-failure" role="alert">
            {reasonText(text, file.name, file.failure, view.maxBytes)}
          </span>
        )}
      </span>
      <button
        type="button"
        class="upload-icon-button"
        aria-label={text.translate(file.state === 'failed' ? 'remove' : 'cancel', file.name)}
        onClick={() => {
          uploads.cancel(message.id, file.id);
          onDone();
        }}
      >
        <Icon path={UPLOAD_ICONS.cross} />
      </button>
    </li>
  );
}
