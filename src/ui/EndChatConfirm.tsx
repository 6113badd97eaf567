import { Component, createRef, h } from 'preact';
import type { Strings } from './strings';

interface EndChatConfirmProps {
  strings: Strings;
  onConfirm(): void;
  onCancel(): void;
}

/** "End this chat?" inline, under the header; focus goes to its "End" button as it appears. */
export class EndChatConfirm extends Component<EndChatConfirmProps> {
  #confirmButton = createRef<HTMLButtonElement>();

  override componentDidMount(): void {
    this.#confirmButton.current?.focus();
  }

  override render({ strings: { translate }, onConfirm, onCancel }: EndChatConfirmProps) {
    return (
      <fieldset class="end-chat-confirm" aria-label={translate('endChat')}>
        <span class="end-chat-question">{translate('endChatQuestion')}</span>
        <button type="button" ref={this.#confirmButton} class="primary" onClick={onConfirm}>
          {translate('endChatConfirm')}
        </button>
        <button type="button" onClick={onCancel}>
          {translate('cancel')}
        </button>
      </fieldset>
    );
  }
}
