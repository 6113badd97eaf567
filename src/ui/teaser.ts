// The teaser: a short invitation beside the closed launcher ("Questions about delivery?"), with
// "Dismiss". Plain DOM, no Preact, so the script tag's loader shows it from a small file of its
// own, before (and without) the conversation: showing it fetches no conversation code and calls
// no platform host. Activating its text opens the panel; Escape or "Dismiss" puts it away; it
// never takes focus by itself; it is hidden while the panel is open. It never covers a control of
// the page (then it does not show), and on a phone, where it takes much of the screen, it leaves
// by itself after a few seconds or as soon as the visitor scrolls. The option's teaser shows
// once per tab (sessionStorage); `tease(text)` shows one whenever the page asks.

import type { WidgetControls } from '../contract/client';
import type { ThemeOptions } from '../contract/widget';
import { DISMISS } from '../strings/attention-strings';
import { tabFlag, tabStorage } from '../tabs/tab-storage';
import { adoptStylesheet } from './adopt-stylesheet';
import { plainIcon } from './plain-icon';
import teaserStylesheet from './teaser.css?inline';
import { type RootLanguage, widgetRoot } from './widget-root';

/** Set once the option's teaser showed in this tab. */
const SHOWN_IN_TAB = 'agent-webchat:teased';

/** A phone's screen (as in teaser.css): the teaser takes much of it, so it does not stay. */
const PHONE = '(max-width: 480px)';
/** On a phone the teaser leaves by itself after this long, or as soon as the visitor scrolls. */
export const PHONE_TEASER_MS = 8000;
/** What a visitor can act on in the page, which the teaser must never cover. */
const PAGE_CONTROLS = 'a,button,input,select,textarea,label,[tabindex],[role=button]';

/** A control of the page's own under the bubble, at its corners or its centre. */
function coversPageControl(bubble: HTMLElement, host: Element): boolean {
  const { left, right, top, bottom } = bubble.getBoundingClientRect();
  return [left + 2, (left + right) / 2, right - 2].some((x) =>
    [top + 2, (top + bottom) / 2, bottom - 2].some(
      // The topmost of the page's elements there, under the widget's host.
      (y) =>
        !!document
          .elementsFromPoint?.(x, y)
          .find((element) => element !== host)
          ?.closest(PAGE_CONTROLS),
    ),
  );
}

export interface TeaserSetup {
  shadowRoot: ShadowRoot;
  language: RootLanguage;
  theme?: ThemeOptions | undefined;
  widget: Pick<WidgetControls, 'open' | 'on'>;
  /** The panel is open from the start (option `open`). */
  open?: boolean | undefined;
  /** Option `teaser`, shown after `delaySeconds` unless it showed in this tab already. */
  text?: string | undefined;
  delaySeconds?: number | undefined;
}

export interface Teaser {
  tease(text: string): void;
  destroy(): void;
}

function markShown(): void {
  try {
    tabStorage()?.setItem(SHOWN_IN_TAB, '1');
  } catch {
    // the teaser may show again on the next page
  }
}

function button(className: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  return element;
}

export function createTeaser({ shadowRoot, language, theme, widget, open = false, text, delaySeconds = 0 }: TeaserSetup): Teaser {
  let panelOpen = open;
  let root: HTMLDivElement | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** On a phone: the teaser's own departure. */
  let leaving: ReturnType<typeof setTimeout> | undefined;

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) remove();
  };
  const onScroll = () => remove();
  /** Focus goes back to the launcher when it was on the teaser (a removed element would drop it to the page). */
  function remove(focusLauncher = false) {
    if (!root) return;
    const hadFocus = root.contains(shadowRoot.activeElement);
    root.remove();
    root = undefined;
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('scroll', onScroll, true);
    clearTimeout(leaving);
    leaving = undefined;
    if (hadFocus || focusLauncher) shadowRoot.querySelector<HTMLElement>('.launcher')?.focus();
  }

  function show(message: string) {
    if (panelOpen) return;
    remove();
    root = widgetRoot(language, theme);
    root.classList.add('teaser-root');
    // Where no sheet can be adopted, the teaser's <style> goes with it.
    adoptStylesheet(shadowRoot, teaserStylesheet, root);
    const bubble = document.createElement('div');
    bubble.className = 'teaser';
    bubble.dataset['teaser'] = '';
    const textButton = button('teaser-text');
    textButton.textContent = message;
    textButton.addEventListener('click', () => {
      remove(true);
      widget.open();
    });
    const dismissButton = button('teaser-dismiss');
    dismissButton.setAttribute('aria-label', DISMISS[language.lang] ?? DISMISS['en']!);
    dismissButton.append(plainIcon('close'));
    dismissButton.addEventListener('click', () => remove());
    bubble.append(textButton, dismissButton);
    root.append(bubble);
    shadowRoot.append(root);
    // Never over what the page offers the visitor (a bottom bar's button, a cookie banner's link).
    if (coversPageControl(bubble, shadowRoot.host)) return remove();
    document.addEventListener('keydown', onKey);
    if (matchMedia(PHONE).matches) {
      // Capture: a scroll of any of the page's scrolling boxes, not only the document's.
      window.addEventListener('scroll', onScroll, { capture: true, passive: true });
      leaving = setTimeout(() => remove(), PHONE_TEASER_MS);
    }
  }

  const unsubscribe = [
    widget.on('open', () => {
      panelOpen = true;
      remove();
    }),
    widget.on('close', () => {
      panelOpen = false;
    }),
  ];

  if (text && !tabFlag(tabStorage(), SHOWN_IN_TAB)) {
    timer = setTimeout(
      () => {
        timer = undefined;
        if (panelOpen) return;
        markShown();
        show(text);
        // setTimeout runs a longer wait than 2^31 − 1 ms at once.
      },
      Math.min(delaySeconds * 1000, 2 ** 31 - 1),
    );
  }

  return {
    tease(message) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (message.trim()) show(message);
    },
    destroy() {
      if (timer !== undefined) clearTimeout(timer);
      for (const stop of unsubscribe) stop();
      remove();
    },
  };
}
