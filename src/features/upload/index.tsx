// Files from the visitor (option `uploadUrl`): "Attach a file" in the composer, a drop on the panel
// or an image pasted into the text box; the site's limits checked here first; each file uploaded
// to the site's endpoint with its progress, then the visitor's words and the files' links sent as
// one user message (message-format.ts), which the transcript shows as links and thumbnails.
import type { SlotProps } from '../../seam/types';
import { defineFeature, h, linkified } from '../kit';
import { AttachButton } from './AttachButton';
import { AttachedFiles } from './AttachedFiles';
import { FileLines } from './FileLines';
import { parseLimits } from './limits';
import { parseMessage } from './message-format';
import { OutgoingMessages } from './OutgoingMessages';
import { listenForDrops } from './panel-drop';
import { makePreview } from './preview';
import { en } from './strings/en';
import styles from './upload.css?inline';
import { uploadWithXhr } from './upload-request';
import { Uploads } from './uploads';

export default defineFeature({
  name: 'upload',
  strings: en,
  styles,
  setup(context) {
    const { options, client } = context;
    const url = options.uploadUrl;
    if (url === undefined || typeof window === 'undefined') return {};
    const uploads = new Uploads({
      url,
      async fetchLimits() {
        const answer = await context.fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
        return answer.ok ? parseLimits(await answer.json()) : undefined;
      },
      upload: uploadWithXhr,
      send: (text) => client.send(text),
      maxMessageBytes: () => client.store.getState().capabilities.maxMessageSizeBytes,
      online: () => navigator.onLine !== false,
      onOnline(listener) {
        // Offline too: what waits says so.
        addEventListener('online', listener);
        addEventListener('offline', listener);
        return () => {
          removeEventListener('online', listener);
          removeEventListener('offline', listener);
        };
      },
      makePreview,
      revokePreview: (preview) => URL.revokeObjectURL(preview),
    });
    const ended = () => !!client.store.getState().ended;

    return {
      slots: {
        'composer-actions': ({ ended }: SlotProps['composer-actions']) => (
          <AttachButton uploads={uploads} text={context.text()} ended={ended} />
        ),
        'above-composer': () => <AttachedFiles uploads={uploads} text={context.text()} onRemoved={context.focusComposer} />,
        'transcript-end': () => <OutgoingMessages uploads={uploads} text={context.text()} onDone={context.focusComposer} />,
      },
      composer: {
        takeSend: (words) => uploads.takeSend(words),
        onPaste(event) {
          const images = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
          if (!images.length || ended()) return;
          // The picture is attached; nothing lands in the text box.
          event.preventDefault();
          void uploads.attach(images);
        },
      },
      attachPanel: (panel) => listenForDrops(panel, uploads, ended),
      userMessageBody(text) {
        const parts = parseMessage(text);
        return parts && <FileLines parts={parts} linkified={linkified} />;
      },
      destroy: () => uploads.destroy(),
    };
  },
});
