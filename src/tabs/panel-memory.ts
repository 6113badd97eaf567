// Whether the panel was open, and how many messages wait unread, remembered for the tab
// (sessionStorage), so that a reload or the next page of the site reopens the panel and shows the
// count — the loader's launcher too, before the rest of the widget is here. Only "1"/"0" and a
// number under keys hashed from the conversation options, and "1" under a plain key while any panel
// is open in the tab (another while a count is kept): no text of the conversation, no id, no token.

import type { ClientOptions } from '../contract/client';
import { conversationKey } from './conversation-key';
import { webDigest } from './environment';
import { tabFlag, tabStorage } from './tab-storage';

export interface PanelMemoryTarget {
  open(): void;
  on(type: 'open' | 'close', listener: () => void): () => void;
  /** The unread count, recorded on every change too. */
  unread?: UnreadSource;
}

export interface UnreadSource {
  count(): number;
  /** Calls the listener on every change of the count; returns unsubscribe. */
  watch(listener: (count: number) => void): () => void;
}

export interface PanelMemory {
  /** Settles once the panel was reopened (or not) and changes are being recorded. */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Set while some widget's panel is open in this tab, kept with each panel's own key: the script
 * tag's loader reads this one key to know whether to fetch the rest at once, without hashing the
 * options or looking through the tab's storage.
 */
const ANY_PANEL_OPEN = 'agent-webchat:panel-open';
/** Set while this tab keeps an unread count. */
const ANY_UNREAD = 'agent-webchat:unread';
/** After the panel's key, the count's. */
const UNREAD = ':unread';

/** Each widget's panel state is under this prefix and a hash of its conversation options. */
const PANEL_PREFIX = 'agent-webchat:panel:';

const storageName = async (options: ClientOptions, digest: (text: string) => Promise<string>) =>
  `${PANEL_PREFIX}${await conversationKey(options, digest)}`;

type DigestFor = () => ((text: string) => Promise<string>) | undefined;

/** Whether this tab keeps an unread count (as synchronously). */
export const anyUnreadInTab = (storage: Storage | undefined = tabStorage()): boolean => tabFlag(storage, ANY_UNREAD);

/**
 * Whether some widget's panel was open when this tab last showed it: the script tag's loader then
 * fetches the rest of the widget at once, which reopens the panel if it is this widget's
 * (rememberPanel). One key, read without hashing the options, so the loader carries no hashing: on
 * a site with several widgets, one whose panel was closed may fetch the rest early, and stays closed.
 */
export const anyPanelOpenInTab = (storage: Storage | undefined = tabStorage()): boolean => tabFlag(storage, ANY_PANEL_OPEN);

/** Whether a panel's own key says open (not the unread count kept beside it: "1" may be a count). */
function somePanelOpen(storage: Storage): boolean {
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(PANEL_PREFIX) && !key.endsWith(UNREAD) && storage.getItem(key) === '1') return true;
  }
  return false;
}

/** The unread count this tab kept for a widget with these options (0 when none). */
export async function rememberedUnread(options: ClientOptions, storage = tabStorage(), digestFor: DigestFor = webDigest): Promise<number> {
  if (!tabFlag(storage, ANY_UNREAD)) return 0;
  try {
    // Web Crypto only now: on most page loads it is never touched (its first use costs the page).
    const digest = digestFor();
    const count = digest ? Number(storage?.getItem((await storageName(options, digest)) + UNREAD)) : 0;
    return Number.isSafeInteger(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

/** Reopens the panel if it was open in this tab, then records each change. */
export function rememberPanel(
  options: ClientOptions,
  target: PanelMemoryTarget,
  storage: Storage | undefined = tabStorage(),
  digest = webDigest(),
): PanelMemory {
  let stopped = false;
  const unsubscribe: (() => void)[] = [];
  let ready = Promise.resolve();
  if (storage && digest) {
    let name: string | undefined;
    /** A change made before the key was known (the page opened the panel right after mounting). */
    let changedBefore: boolean | undefined;
    const write = (open: boolean) => {
      if (name === undefined) {
        changedBefore = open;
        return;
      }
      try {
        storage.setItem(name, open ? '1' : '0');
        // Another widget's panel may still be open in this tab.
        if (open || somePanelOpen(storage)) storage.setItem(ANY_PANEL_OPEN, '1');
        else storage.removeItem(ANY_PANEL_OPEN);
      } catch {
        // Quota or denied: the panel just will not reopen by itself.
      }
    };
    const writeUnread = (count: number) => {
      if (name === undefined) return;
      try {
        // Nothing kept once all is read: the tab's storage stays as it was.
        if (count > 0) {
          storage.setItem(name + UNREAD, String(count));
          storage.setItem(ANY_UNREAD, '1');
        } else {
          storage.removeItem(name + UNREAD);
          storage.removeItem(ANY_UNREAD);
        }
      } catch {
        // Quota or denied: the count just does not outlive the page.
      }
    };
    unsubscribe.push(
      target.on('open', () => write(true)),
      target.on('close', () => write(false)),
    );
    if (target.unread) unsubscribe.push(target.unread.watch(writeUnread));
    ready = storageName(options, digest).then((key) => {
      if (stopped) return;
      name = key;
      // A count that came before the key was known (none: what the tab kept stays, for the widget to restore).
      const count = target.unread?.count();
      if (count) writeUnread(count);
      // The page's own change wins over the remembered state.
      if (changedBefore !== undefined) write(changedBefore);
      else if (storage.getItem(name) === '1') target.open();
    });
  }
  return {
    ready,
    stop() {
      stopped = true;
      for (const stop of unsubscribe) stop();
    },
  };
}
