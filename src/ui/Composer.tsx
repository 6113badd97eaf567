import { Component, Fragment, h, type RefObject } from 'preact';
import type { WebchatClient } from '../contract/client';
import type { FeatureHost } from '../seam/feature-host';
import type { ComposerHooks } from '../seam/types';
import type { Strings } from '../strings/strings';
import { Slot } from './Slot';

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
  /** The loaded optional features: their "composer-actions" slot, and the composer hooks they use. */
  features?: FeatureHost | undefined;
}

/**
 * The message box and Send. Enter sends, Shift+Enter breaks the line, and an IME composition's
 * Enter stays the IME's. Usable while connecting or offline (messages wait as `sending`).
 */
export class Composer extends Component<ComposerProps, { text: string }> {
  override state = { text: '' };
  #detachFeatures: (() => void)[] = [];
  /** The features' composer hooks attached so far (the host's list is replaced when a feature arrives). */
  #attached: readonly ComposerHooks[] = [];
  #input = {
    setText: (text: string, send: boolean) => this.setState({ text }, send ? this.#submit : undefined),
    text: () => this.state.text,
  };

  override componentDidMount(): void {
    this.#attachFeatures();
  }

  override componentWillUnmount(): void {
    for (const detach of this.#detachFeatures.splice(0)) detach();
  }

  override componentDidUpdate(_previousProps: Readonly<ComposerProps>, previous: Readonly<{ text: string }>): void {
    if (previous.text !== this.state.text) this.#autoGrow();
    this.#attachFeatures();
  }

  /**
   * Hooks in the features that use the composer, also those that arrive after it is drawn (the
   * package imports features on demand, so an inline or open widget shows the composer first).
   */
  #attachFeatures(): void {
    const hooks = this.props.features?.composer ?? [];
    if (hooks === this.#attached) return;
    const fresh = hooks.filter((hook) => !this.#attached.includes(hook));
    this.#attached = hooks;
    for (const hook of fresh) {
      const detach = hook.attach?.(this.#input);
      if (detach) this.#detachFeatures.push(detach);
    }
  }

  /**
   * The box grows with its text; the stylesheet's max-height (about 5 lines) caps it, then it
   * scrolls. Measured only when the text changed (never while the panel is hidden: the text only
   * changes while the visitor types in it).
   */
  #autoGrow(): void {
    const element = this.props.textareaRef.current;
    if (!element) return;
    element.style.height = '';
    if (element.scrollHeight > element.clientHeight)
      element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }

  #submit = () => {
    const { client, ended, maxMessageBytes, textareaRef } = this.props;
    const { text } = this.state;
    const message = text.trim();
    if (byteLength(text) > maxMessageBytes || ended) return;
    const hooks = this.props.features?.composer ?? [];
    // A feature may send the message itself, with what it added (files): perhaps without words.
    const taken = hooks.some((hook) => hook.takeSend?.(message) ?? false);
    if (!taken && !message) return;
    client.setTyping(false);
    if (!taken) client.send(message);
    for (const hook of hooks) hook.onSend?.();
    this.setState({ text: '' });
    textareaRef.current?.focus();
  };

  override render({ client, strings, ended, maxMessageBytes, counterId, textareaRef }: ComposerProps, { text }: { text: string }) {
    const { translate } = strings;
    const bytes = byteLength(text);
    const tooLong = bytes > maxMessageBytes;
    const nearLimit = bytes > maxMessageBytes * COUNTER_THRESHOLD;
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
              this.setState({ text: value });
              client.setTyping(!!value.trim());
              for (const hooks of this.props.features?.composer ?? []) hooks.onInput?.();
            }}
            onKeyDown={(event) => {
              // keyCode 229: a key press an IME is handling (Safari sends no isComposing with it)
              if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
                event.preventDefault();
                this.#submit();
              }
            }}
            onBlur={() => client.setTyping(false)}
            onPaste={(event) => {
              for (const hooks of this.props.features?.composer ?? []) hooks.onPaste?.(event);
            }}
          />
          <Slot features={this.props.features} name="composer-actions" props={{ ended }} />
          <button type="button" class="primary" disabled={ended || tooLong} onClick={this.#submit}>
            {translate('send')}
          </button>
        </div>
      </Fragment>
    );
  }
}

const byteLength = (text: string) => utf8.encode(text).length;
