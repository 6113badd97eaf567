import type { ComponentChildren } from 'preact';
import { h, Icon } from '../kit';
import { UPLOAD_ICONS } from './icons';
import type { FileItem } from './uploads';

interface FileRowProps {
  file: FileItem;
  /** What is happening to it (progress, a reason), under its name. */
  children?: ComponentChildren;
  /** The button's name: "Remove {name}", "Cancel {name}". */
  removeLabel: string;
  onRemove(): void;
}

/** One file, beside the composer or in an outgoing message: its preview (an image's), its name, its state and the button that puts it away. */
export function FileRow({ file, children, removeLabel, onRemove }: FileRowProps) {
  return (
    <li>
      {file.preview && <img class="upload-preview" src={file.preview} alt="" />}
      <span>
        <span class="upload-name" dir="auto">
          {file.name}
        </span>
        {children}
      </span>
      <button type="button" aria-label={removeLabel} onClick={onRemove}>
        <Icon path={UPLOAD_ICONS.cross} />
      </button>
    </li>
  );
}
