import type { FeatureText } from '../../seam/types';
import { Component, createRef, Fragment, h, Icon } from '../kit';
import { UPLOAD_ICONS } from './icons';
import type { Key } from './strings/en';
import type { Uploads } from './uploads';

interface AttachButtonProps {
  uploads: Uploads;
  text: FeatureText<Key>;
  ended: boolean;
}

/** "Attach a file" beside Send: the browser's file chooser (several files at once), the keyboard's way to what a drop does. */
export class AttachButton extends Component<AttachButtonProps> {
  #input = createRef<HTMLInputElement>();

  override render({ uploads, text, ended }: AttachButtonProps) {
    return (
      <Fragment>
        <button type="button" aria-label={text.translate('attach')} disabled={ended} onClick={() => this.#input.current?.click()}>
          <Icon path={UPLOAD_ICONS.paperclip} />
        </button>
        <input
          ref={this.#input}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            const input = event.currentTarget;
            void uploads.attach([...(input.files ?? [])]);
            // The same file may be chosen again after it was removed.
            input.value = '';
          }}
        />
      </Fragment>
    );
  }
}
