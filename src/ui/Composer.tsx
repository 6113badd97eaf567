// The composer: auto-growing textarea (Enter sends, Shift+Enter breaks, IME-safe) + Send.
import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import type { WebchatClient } from '../client/types';
import type { I18n } from './strings';

export interface ComposerProps {
  client: WebchatClient;
  i18n: I18n;
  /** Only after the session ended. */
  disabled: boolean;
  maxBytes: number;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  counterId: string;
}

export function Composer({ client, i18n: { t }, disabled, maxBytes, inputRef, counterId }: ComposerProps) {
  const [text, setText] = useState('');
  const bytes = useMemo(() => new TextEncoder().encode(text).length, [text]);
  const over = bytes > maxBytes;
  const near = bytes > maxBytes * 0.8;

  // Auto-grow: the CSS max-height (about 5 lines) caps it, then it scrolls.
  useLayoutEffect(() => {
    const ta = inputRef.current;
    if (!ta) return;
    ta.style.height = '';
    if (ta.scrollHeight > ta.clientHeight) ta.style.height = ta.scrollHeight + ta.offsetHeight - ta.clientHeight + 'px';
  }, [text]);

  const submit = () => {
    const v = text.trim();
    if (!v || over || disabled) return;
    client.setTyping(false);
    client.send(v);
    setText('');
    inputRef.current?.focus();
  };

  return (
    <>
      {near && (
        <div class="cc" id={counterId} data-over={over ? '' : undefined}>
          {over && t('e-message-too-long') + ' · '}
          {bytes} / {maxBytes}
        </div>
      )}
      <div class="c">
        <textarea
          ref={inputRef}
          rows={1}
          dir={text ? 'auto' : undefined}
          aria-label={t('msg')}
          placeholder={t('ph')}
          value={text}
          disabled={disabled}
          aria-invalid={over || undefined}
          aria-describedby={near ? counterId : undefined}
          onInput={(e) => {
            const v = e.currentTarget.value;
            setText(v);
            client.setTyping(!!v.trim());
          }}
          onKeyDown={(e) => {
            if (e.key == 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode != 229) {
              e.preventDefault();
              submit();
            }
          }}
          onBlur={() => client.setTyping(false)}
        />
        <button class="pr" disabled={disabled || over} onClick={submit}>
          {t('send')}
        </button>
      </div>
    </>
  );
}
