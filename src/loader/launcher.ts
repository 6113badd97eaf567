// The launcher as the loader shows it, before the rest of the widget is fetched: plain DOM, no
// Preact, in the same shape as ui/Launcher.tsx inside ui/Webchat.tsx renders it. When the widget
// takes over the shadow root, Preact's first render finds these elements and keeps them (it reuses
// an element of the same tag in the same place), so the button the visitor points at or focused is
// still the same node: focus, hover and a pressed key stay where they are.
//
// On a page in another language than English, the launcher's words come from its locale's file,
// fetched at load. The launcher is drawn at once all the same — where the page expects it, and a
// page whose locale file failed still has one — but kept from the keyboard and from assistive
// technology (aria-hidden, out of the tab order) until it is named in the page's language, so no
// one can reach it under an English name; a pointer can click it meanwhile.

import type { ThemeOptions } from '../contract/widget';
import { ENGLISH_LAUNCHER, type LauncherLanguage, type LauncherStrings } from '../strings/launcher-strings';
import { plainIcon } from '../ui/plain-icon';
import { widgetRoot } from '../ui/widget-root';

export interface LauncherHandlers {
  /** The visitor points at (a touch too) or focuses the launcher. */
  onIntent(): void;
  onClick(): void;
}

export interface LoaderLauncher {
  /** The launcher says why the chat did not start; its next click tries again. */
  showProblem(problem: 'offline' | 'failed'): void;
  /** A click is waiting for the rest of the widget. */
  setBusy(busy: boolean): void;
  /** Removes the loader's listeners and notes: the widget takes the elements over. */
  release(): void;
  /** Settles once the launcher is named in the page's language. */
  named: Promise<void>;
}

export interface LauncherLook {
  language: LauncherLanguage;
  /** The launcher's words, or their coming (undefined: they did not come, English is used). */
  words: LauncherStrings | Promise<LauncherStrings | undefined>;
  theme?: ThemeOptions | undefined;
}

export function showLauncher(shadowRoot: ShadowRoot, look: LauncherLook, { onIntent, onClick }: LauncherHandlers): LoaderLauncher {
  // The base and launcher styles are in the shadow root already (script-widget.ts adopts them for every host).
  const root = widgetRoot(look.language, look.theme);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher primary';
  button.setAttribute('aria-expanded', 'false');
  let strings = ENGLISH_LAUNCHER;
  const name = (words: LauncherStrings = ENGLISH_LAUNCHER) => {
    strings = words;
    button.setAttribute('aria-label', words.openChat);
    button.removeAttribute('aria-hidden');
    button.removeAttribute('tabindex');
  };
  let released = false;
  let named = Promise.resolve();
  if (look.words instanceof Promise) {
    button.setAttribute('aria-hidden', 'true');
    button.tabIndex = -1;
    named = look.words.then((words) => {
      if (!released) name(words);
    });
  } else name(look.words);
  button.append(plainIcon('chat'));
  root.append(button);
  shadowRoot.append(root);

  let note: HTMLParagraphElement | undefined;
  const clearProblem = () => {
    note?.remove();
    note = undefined;
  };
  const click = () => {
    clearProblem();
    onClick();
  };
  const listeners: [string, () => void][] = [
    ['pointerenter', onIntent],
    ['focus', onIntent],
    ['click', click],
  ];
  for (const [type, listener] of listeners) button.addEventListener(type, listener);

  return {
    showProblem(problem) {
      clearProblem();
      button.removeAttribute('aria-busy');
      note = document.createElement('p');
      note.className = 'launcher-note';
      note.setAttribute('role', 'status');
      root.append(note);
      const text = problem === 'offline' ? strings.offline : strings.failed;
      const shown = note;
      // A status region announces changes: the text comes after the region is in the page.
      setTimeout(() => {
        shown.textContent = text;
      });
    },
    setBusy(busy) {
      if (busy) button.setAttribute('aria-busy', 'true');
      else button.removeAttribute('aria-busy');
    },
    named,
    release() {
      // The widget names the launcher itself: it is reachable from now on, whatever came.
      if (!released && button.hasAttribute('aria-hidden')) name(strings);
      released = true;
      for (const [type, listener] of listeners) button.removeEventListener(type, listener);
      clearProblem();
      button.removeAttribute('aria-busy');
    },
  };
}
