import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ConnectionStatus, WebchatState } from '../../store/state';
import type { Strings } from '../strings';

/**
 * Screen readers hear complete agent messages once (not the history found on the first render),
 * and connection changes. Written straight into the polite live region: no extra render.
 */
export function useAnnouncements(liveRegion: RefObject<HTMLElement | null>, state: WebchatState, strings: Strings): void {
  const announcedKeys = useRef<Set<string> | undefined>(undefined);
  const previousStatus = useRef<ConnectionStatus | undefined>(undefined);
  const { items, status, error } = state;

  useLayoutEffect(() => {
    const { translate } = strings;
    let announcement = '';
    const firstRun = !announcedKeys.current;
    announcedKeys.current ??= new Set();
    const announced = announcedKeys.current;
    for (const item of items) {
      if (item.kind === 'user' || item.kind === 'system' || item.streaming || announced.has(item.key)) continue;
      announced.add(item.key);
      if (!firstRun) announcement = `${item.authorName || translate('agent')}: ${item.text}`;
    }
    write(liveRegion.current, announcement);
  }, [liveRegion, items, strings]);

  useLayoutEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = status;
    if (before === undefined || before === status) return;
    const { translate } = strings;
    if (status === 'error') write(liveRegion.current, translate(`error-${error?.code || 'protocol'}`));
    else if (status === 'reconnecting' || status === 'offline' || (status === 'online' && before !== 'connecting'))
      write(liveRegion.current, translate(status));
  }, [liveRegion, status, error, strings]);
}

/** The same text twice in a row is still read out: it differs by a zero-width space. */
function write(region: HTMLElement | null, announcement: string): void {
  if (!announcement || !region) return;
  region.textContent = region.textContent === announcement ? `${announcement}\u200b` : announcement;
}
