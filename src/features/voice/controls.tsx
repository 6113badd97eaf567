// The voice controls in the widget's slots: voice mode in the header, "Listen" under each reply,
// voice mode's status above the composer, "Dictate" beside Send. Each follows the controller's
// view (the feature's state) on its own: a memoized transcript item re-renders only its button.
import type { FeatureContext, FeatureSlots, SlotProps } from '../../seam/types';
import type { VoiceController, VoiceView } from '../../voice/voice-controller';
import { Component, h, Icon } from '../kit';
import { VOICE_ICONS } from './icons';
import type { Key } from './strings/en';

export type VoiceContext = FeatureContext<Key, VoiceView | undefined>;

export function voiceControls(context: VoiceContext, controller: VoiceController): FeatureSlots {
  const translate = (key: Key) => context.text().translate(key);

  /** Renders again whenever the controller's view changes what it shows. */
  abstract class Following<P> extends Component<P> {
    #stop: (() => void) | undefined;
    override componentDidMount(): void {
      this.#stop = context.state.subscribe((view) => view && this.changes(view) && this.forceUpdate());
    }
    override componentWillUnmount(): void {
      this.#stop?.();
    }
    /** Whether this view changes what the control shows: any change, unless the control says otherwise. */
    changes(_view: VoiceView): boolean {
      return true;
    }
    /** The feature's state is the controller's view as it last changed. */
    view(): VoiceView {
      return controller.view;
    }
  }

  class VoiceModeButton extends Following<{ ended: boolean }> {
    override render() {
      const { canUseMode, state } = this.view();
      if (!canUseMode) return null;
      return (
        <button type="button" aria-label={translate('voiceMode')} aria-pressed={state !== 'off'} onClick={() => controller.toggleMode()}>
          <Icon path={VOICE_ICONS.voiceMode} />
        </button>
      );
    }
  }

  /** Under each reply: draws again only when "Listen" comes or goes, or this reply's reading starts or stops. */
  class ListenButton extends Following<SlotProps['message-actions']> {
    /** What the last render showed: whether "Listen" was there, and whether it was pressed. */
    #drawn = { canListen: false, pressed: false };
    override changes({ canListen, reading }: VoiceView): boolean {
      return canListen !== this.#drawn.canListen || (reading === this.props.message.key) !== this.#drawn.pressed;
    }
    override render({ message }: SlotProps['message-actions']) {
      const { canListen, reading } = this.view();
      this.#drawn = { canListen, pressed: reading === message.key };
      if (!canListen || !message.text) return null;
      return (
        <button
          type="button"
          class="listen"
          aria-label={translate('listen')}
          aria-pressed={reading === message.key}
          onClick={() => controller.listen(message)}
        >
          <Icon path={VOICE_ICONS.speaker} />
        </button>
      );
    }
  }

  /**
   * Voice mode's state in words (listening, sending, agent speaking, paused), or what went wrong
   * with the microphone. A status role: screen readers announce each change without moving focus.
   */
  class VoiceStatus extends Following<SlotProps['above-composer']> {
    override render() {
      const { state, notice } = this.view();
      const text = notice
        ? translate(`voice-${notice}`)
        : state === 'off'
          ? ''
          : state === 'sending'
            ? context.text().core.translate('sending')
            : translate(`voice-${state}`);
      return (
        <div class="voice-status" role="status" data-voice={state} data-notice={notice}>
          {text}
        </div>
      );
    }
  }

  class DictateButton extends Following<{ ended: boolean }> {
    override render({ ended }: { ended: boolean }) {
      const { canDictate, listening } = this.view();
      if (!canDictate) return null;
      return (
        <button
          type="button"
          aria-label={translate('dictate')}
          aria-pressed={listening}
          disabled={ended}
          onClick={() => controller.dictate()}
        >
          <Icon path={VOICE_ICONS.microphone} />
        </button>
      );
    }
  }

  return {
    'header-actions': VoiceModeButton,
    'message-actions': ListenButton,
    'above-composer': VoiceStatus,
    'composer-actions': DictateButton,
  };
}
