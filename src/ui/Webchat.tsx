// The visible widget: launcher, non-modal dialog panel, transcript, composer.
// Reads the client's store — one render per animation frame at most, however often it changes —
// and every user action is a client call. Open state is either owned here (initiallyOpen) or
// driven from outside (`open` + onOpenChange, as mount.ts does). The client is fixed for the
// component's life. Until the panel is first opened only the launcher is built.
import { h } from 'preact';
import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import type { WebchatClient } from '../client/types';
import { useAnnouncements } from './hooks/useAnnouncements';
import { useConnectOnFirstOpen } from './hooks/useConnectOnFirstOpen';
import { type FocusTargets, useFocusOnOpenAndEnd } from './hooks/useFocusOnOpenAndEnd';
import { useHasBeenTrue } from './hooks/useHasBeenTrue';
import { useStoreInFrames } from './hooks/useStoreInFrames';
import { useUnreadCount } from './hooks/useUnreadCount';
import { Launcher } from './Launcher';
import { LiveRegion } from './LiveRegion';
import { Panel } from './Panel';
import { getStrings } from './strings';
import type { ThemeOptions } from './styles';

export interface WebchatProps {
  client: WebchatClient;
  /** Panel title; default "Chat" in the UI language. */
  title?: string;
  /** BCP 47; default the page's language. A server LANGUAGE_CHANGED applies when this is unset. */
  locale?: string;
  /** Render the panel in place (no launcher, no close button, always open). */
  inline?: boolean;
  /** Uncontrolled: start open. */
  initiallyOpen?: boolean;
  /** Controlled open state; when set, the widget only asks through onOpenChange. */
  open?: boolean;
  theme?: ThemeOptions;
  /** Agent replies as Markdown (default true); false shows their text as written. */
  markdown?: boolean;
  /** Called when the user opens or closes the panel (launcher, close button, Escape). */
  onOpenChange?(open: boolean): void;
}

let widgetCount = 0;

export function Webchat({
  client,
  title,
  locale,
  inline = false,
  initiallyOpen,
  open: controlledOpen,
  theme = {},
  markdown = true,
  onOpenChange,
}: WebchatProps) {
  const state = useStoreInFrames(client.store);
  const strings = getStrings(locale, state.language);
  const [panelId] = useState(() => `agent-webchat-panel-${widgetCount++}`);
  const [ownOpen, setOwnOpen] = useState(!!initiallyOpen);
  const open = inline || (controlledOpen ?? ownOpen);
  const panelWasOpened = useHasBeenTrue(open);
  const ended = !!state.ended || state.status === 'ended';
  const unreadCount = useUnreadCount(state.agentMessageCount, open);

  const root = useRef<HTMLDivElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const newConversationButton = useRef<HTMLButtonElement>(null);
  const liveRegion = useRef<HTMLDivElement>(null);
  const focusTargets = useMemo<FocusTargets>(() => ({ root, launcher, composer, closeButton, newConversationButton }), []);

  useConnectOnFirstOpen(client, open);
  useFocusOnOpenAndEnd(focusTargets, open, ended);
  useAnnouncements(liveRegion, state, strings);

  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  // Stable, so that memoized transcript items do not re-render for it.
  const retry = useCallback(
    (clientEventId: string) => {
      client.retry(clientEventId);
      // The Retry button goes away with the next frame: focus waits in the composer.
      composer.current?.focus();
    },
    [client],
  );

  return (
    <div
      ref={root}
      class="widget"
      dir={strings.dir}
      lang={strings.lang}
      data-theme={theme.mode}
      data-pos={theme.position}
      data-inline={inline ? '' : undefined}
      style={{
        '--aw-accent': theme.accent,
        '--aw-radius': typeof theme.radius === 'number' ? `${theme.radius}px` : theme.radius,
        '--aw-font': theme.font,
      }}
    >
      {!inline && (
        <Launcher
          open={open}
          panelId={panelId}
          unreadCount={unreadCount}
          strings={strings}
          buttonRef={launcher}
          onToggle={() => setOpen(!open)}
        />
      )}
      {panelWasOpened && (
        <Panel
          client={client}
          state={state}
          strings={strings}
          title={title || strings.translate('defaultTitle')}
          panelId={panelId}
          open={open}
          ended={ended}
          inline={inline}
          focusTargets={focusTargets}
          markdown={markdown}
          onClose={() => setOpen(false)}
          onRetry={retry}
        />
      )}
      <LiveRegion regionRef={liveRegion} />
    </div>
  );
}
