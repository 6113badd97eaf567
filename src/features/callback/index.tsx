// "Call me" (option `callbackUrl`): the visitor asks for a phone call that carries on the chat,
// through the site's callback endpoint (src/callback/). The host event `callback` says the call's
// state, never the number. Once the answered call is over, what was said on the phone shows in the
// transcript (`data-call`).
import { callAnchor } from '../../callback/call-anchor';
import { type CallbackSession, createCallbackSession } from '../../callback/callback-session';
import { chatTurns } from '../../callback/chat-turns';
import type { SlotProps } from '../../seam/types';
import { createRef, defineFeature, Fragment, h } from '../kit';
import { CallbackForm } from './CallbackForm';
import { CallbackStatusLine } from './CallbackStatusLine';
import { CallMeButton } from './CallMeButton';
import { CallTurns } from './CallTurns';
import styles from './callback.css?inline';
import { en } from './strings/en';

export default defineFeature({
  name: 'callback',
  strings: en,
  styles,
  setup(context) {
    const { options, client } = context;
    const url = options.callbackUrl;
    if (url === undefined) return {};
    const session: CallbackSession = createCallbackSession({
      url,
      fetch: context.fetch,
      context: () => ({
        turns: chatTurns(client.store.getState().items),
        locale: options.locale || document.documentElement.lang || navigator.language,
      }),
      onStatus: (status, reason) => context.emit('callback', reason ? { status, reason } : { status }),
    });
    const callMeButton = createRef<HTMLButtonElement>();
    /** The item the finished call's turns follow, worked out again only when the items or the turns change. */
    let placed: { items: unknown; turns: unknown; key: string | undefined } | undefined;
    const anchor = () => {
      const { turns } = session.view();
      if (!turns?.length) return undefined;
      const { items } = client.store.getState();
      if (placed?.items !== items || placed.turns !== turns) placed = { items, turns, key: callAnchor(items, turns) };
      return placed.key;
    };
    const callTurns = (place: string | undefined) => (
      <CallTurns
        session={session}
        text={context.text}
        markdown={options.markdown !== false}
        place={place}
        anchor={anchor}
        subscribe={client.store.subscribe}
      />
    );
    /** A suggestion that says "Call me" opens the form rather than sending the words. */
    const isCallMe = (text: string) => text.trim().toLowerCase() === context.text().translate('callMe').toLowerCase();

    return {
      slots: {
        'header-actions': ({ ended }: SlotProps['header-actions']) => {
          const { suggestions, handoff } = client.store.getState();
          // Stands out when the agent suggests it or hands the visitor to another channel.
          const offered = !ended && (suggestions.some((suggestion) => isCallMe(suggestion.text)) || handoff.stage === 'client-required');
          return <CallMeButton session={session} text={context.text()} buttonRef={callMeButton} offered={offered} />;
        },
        // What was said on the phone once the call is over, where the call was in the conversation.
        'after-item': ({ item }: SlotProps['after-item']) => callTurns(item.key),
        // The call's state (and the call's turns when nothing in the log is older than the call's end).
        'transcript-end': () => (
          <Fragment>
            <CallbackStatusLine session={session} text={context.text()} />
            {callTurns(undefined)}
          </Fragment>
        ),
        'above-composer': ({ panelId }: SlotProps['above-composer']) => (
          <CallbackForm
            session={session}
            text={context.text()}
            consent={options.callbackConsent}
            formId={`${panelId}-callback`}
            // Focus after the form: the composer once a call was requested, else back to "Call me".
            onClose={(requested) => (requested ? context.focusComposer() : callMeButton.current?.focus())}
          />
        ),
      },
      claimsSuggestion: isCallMe,
      // The visitor's current call is asked for once the panel is shown: nothing goes to the network before.
      onRender: ({ open }) => open && session.start(),
      destroy: () => session.destroy(),
    };
  },
});
