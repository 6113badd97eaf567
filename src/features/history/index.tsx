// Earlier conversations (option `historyUrl`): a returning visitor finds their earlier
// conversations, read by the site from the platform's record (src/protocol/site-history.ts for
// the wire). The view takes the live transcript's place while it is open; the live conversation
// goes on underneath, and "Back" finds it as it was (its scroll, the composer's text).
import type { SlotProps } from '../../seam/types';
import { createRef, defineFeature, h } from '../kit';
import { EarlierButton } from './EarlierButton';
import { HistoryView } from './HistoryView';
import styles from './history.css?inline';
import { createHistorySession } from './history-session';
import { en } from './strings/en';

export default defineFeature({
  name: 'history',
  strings: en,
  styles,
  setup(context) {
    const url = context.options.historyUrl;
    if (url === undefined) return {};
    const session = createHistorySession(url, context.fetch);
    const earlierButton = createRef<HTMLButtonElement>();
    const markdown = context.options.markdown !== false;
    /** The live log and where it was scrolled when the view covered it. */
    let covered: { log: Element | null | undefined; scrollTop: number } | undefined;
    let started = false;
    let ended: boolean | undefined;
    let afterClose: ReturnType<typeof setTimeout> | undefined;

    const liveLog = () => earlierButton.current?.closest('.panel')?.querySelector('[role="log"]');
    const toggle = () => {
      if (session.view().page.kind !== 'closed') return session.close();
      const log = liveLog();
      covered = { log, scrollTop: log?.scrollTop ?? 0 };
      session.open();
      // The list as the site knows it now (a call that ended since is one more).
      void session.load();
    };
    // Once the view is gone (after the render that removes it): the log as it was, focus on the button.
    const stopFollowing = session.subscribe(() => {
      if (!covered || session.view().page.kind !== 'closed') return;
      const { log, scrollTop } = covered;
      covered = undefined;
      afterClose = setTimeout(() => {
        if (log) log.scrollTop = scrollTop;
        if (earlierButton.current?.isConnected) earlierButton.current.focus();
        else context.focusComposer();
      });
    });

    return {
      slots: {
        'header-actions': () => <EarlierButton session={session} text={context.text()} buttonRef={earlierButton} onOpen={toggle} />,
        'above-composer': ({ panelId }: SlotProps['above-composer']) => (
          <HistoryView session={session} text={context.text()} markdown={markdown} viewId={`${panelId}-history`} />
        ),
      },
      onEscape() {
        if (session.view().page.kind === 'closed') return false;
        session.back();
        return true;
      },
      // Nothing is asked before the panel is shown; a conversation that ends becomes an earlier one.
      // A panel closed with the view open opens again on the live chat.
      onRender(view) {
        if (!view.open && session.view().page.kind !== 'closed') session.close();
        if (!view.open && !started) return;
        if (!started || view.ended !== ended) void session.load();
        started = true;
        ended = view.ended;
      },
      destroy() {
        clearTimeout(afterClose);
        stopFollowing();
        session.destroy();
      },
    };
  },
});
