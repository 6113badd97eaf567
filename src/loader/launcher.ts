// The launcher as the loader shows it, before the rest of the widget is fetched: plain DOM, no
// Preact, in the same shape as ui/Launcher.tsx inside ui/Webchat.tsx renders it. When the widget
// takes over the shadow root, Preact's first render finds these elements and keeps them (it reuses
// an element of the same tag in the same place), so the button the visitor points at or focused is
// still the same node: focus, hover and a pressed key stay where they are.

import type { ThemeOptions } from '../contract/widget';
import { launcherText } from '../strings/launcher-strings';
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
}

export interface LauncherLook {
  locale?: string;
  theme?: ThemeOptions;
}

export function showLauncher(shadowRoot: ShadowRoot, look: LauncherLook, { onIntent, onClick }: LauncherHandlers): LoaderLauncher {
  const text = launcherText(look.locale);
  const { strings } = text;
  // The base and launcher styles are in the shadow root already (script-widget.ts adopts them for every host).
  const root = widgetRoot(text, look.theme);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher primary';
  button.setAttribute('aria-label', strings.openChat);
  button.setAttribute('aria-expanded', 'false');
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
    release() {
      for (const [type, listener] of listeners) button.removeEventListener(type, listener);
      clearProblem();
      button.removeAttribute('aria-busy');
    },
  };
}
