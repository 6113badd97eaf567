// Files from the visitor (option `uploadUrl`): "Attach a file" in the composer, a drop on the panel
// or an image pasted into the text box; the site's limits checked here first; each file uploaded
// to the site's endpoint with its progress, then the visitor's words and the files' links sent as
// one user message (message-format.ts), which the transcript shows as links and thumbnails.
import type { SlotProps } from '../../seam/types';
import { defineFeature, h, linkified } from '../kit';
import { AttachButton } from './AttachButton';
import { FileLines } from './FileLines';
import { parseLimits } from './limits';
import { parseMessage } from './message-format';
import { listenForDrops } from './panel-drop';
import { makePreview } from './preview';
import { en } from './strings/en';
import { UploadTray } from './UploadTray';
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
        const answer = await context.fetch(url, { credentials: 'same-origin' });
        return answer.ok ? parseLimits(await answer.json()) : undefined;
      },
      upload: uploadWithXhr,
      send: (text) => client.send(text),
      // The site takes a file only from a visitor bound to a live conversation (403 before, say
      // after a quick first Send): like the outbox's text, a file waits until the conversation is up.
      online: () => navigator.onLine !== false && client.store.getState().status === 'online',
      onOnline(listener) {
        addEventListener('online', listener);
        const stop = client.store.subscribe((state, before) => state.status !== before.status && listener());
        return () => {
          removeEventListener('online', listener);
          stop();
        };
      },
      makePreview,
      revokePreview: (preview) => URL.revokeObjectURL(preview),
    });
    const ended = () => !!client.store.getState().ended;
    // Every change (a file attached, a step of an upload) draws the widget again.
    uploads.subscribe(context.refresh);

    return {
      slots: {
        'composer-actions': ({ ended }: SlotProps['composer-actions']) => (
          <AttachButton uploads={uploads} text={context.text()} ended={ended} />
        ),
        'above-composer': () => <UploadTray uploads={uploads} text={context.text()} onDone={context.focusComposer} />,
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
