import { Fragment, h, type RefObject } from 'preact';
import { useState } from 'preact/hooks';
import type { WebchatClient } from '../client/types';
import { useAutoGrow } from './hooks/useAutoGrow';
import type { Strings } from './strings';

/** The byte counter appears past this share of the server's limit. */
const COUNTER_THRESHOLD = 0.8;
const utf8 = new TextEncoder();

export interface ComposerProps {
  client: WebchatClient;
  strings: Strings;
  /** The session ended: nothing can be sent until a new conversation starts. */
  ended: boolean;
  /** The server's limit, in UTF-8 bytes. */
  maxMessageBytes: number;
  /** id for the byte counter (the textarea's description). */
  counterId: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The message box and Send. Enter sends, Shift+Enter breaks the line, and an IME composition's
 * Enter stays the IME's. Usable while connecting or offline (messages wait as `sending`).
 */
export function Composer({ client, strings, ended, maxMessageBytes, counterId, textareaRef }: ComposerProps) {
  const { translate } = strings;
  const [text, setText] = useState('');
  useAutoGrow(textareaRef, text);
  const bytes = utf8.encode(text).length;
  const tooLong = bytes > maxMessageBytes;
  const nearLimit = bytes > maxMessageBytes * COUNTER_THRESHOLD;

  const submit = () => {
    const message = text.trim();
    if (!message || tooLong || ended) return;
    client.setTyping(false);
    client.send(message);
    setText('');
    textareaRef.current?.focus();
  };

  return (
    <Fragment>
      {nearLimit && (
        <div class="byte-counter" id={counterId} data-over={tooLong ? '' : undefined}>
          {tooLong && `${translate('error-message-too-long')} · `}
          {`${bytes} / ${maxMessageBytes}`}
        </div>
      )}
      <div class="composer">
        <textarea
          ref={textareaRef}
          rows={1}
          dir={text ? 'auto' : undefined}
          aria-label={translate('messageLabel')}
          placeholder={translate('messagePlaceholder')}
          value={text}
          disabled={ended}
          aria-invalid={tooLong || undefined}
          aria-describedby={nearLimit ? counterId : undefined}
          onInput={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            client.setTyping(!!value.trim());
          }}
          onKeyDown={(event) => {
            // keyCode 229: a key press an IME is handling (Safari sends no isComposing with it)
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
              event.preventDefault();
              submit();
            }
          }}
          onBlur={() => client.setTyping(false)}
        />
        <button type="button" class="primary" disabled={ended || tooLong} onClick={submit}>
          {translate('send')}
        </button>
      </div>
    </Fragment>
  );
}
