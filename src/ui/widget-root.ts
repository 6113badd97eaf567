// The widget's root element as Webchat renders it (direction, language, theme through custom
// properties), drawn without Preact: the script tag's loader puts its launcher in one, the teaser
// has its own beside it.

import type { ThemeOptions } from '../contract/widget';

export interface RootLanguage {
  lang: string;
  dir: 'ltr' | 'rtl';
}

export function widgetRoot({ lang, dir }: RootLanguage, theme: ThemeOptions = {}): HTMLDivElement {
  const root = document.createElement('div');
  root.className = 'widget';
  root.dir = dir;
  root.lang = lang;
  if (theme.mode) root.dataset['theme'] = theme.mode;
  if (theme.position) root.dataset['pos'] = theme.position;
  const radius = typeof theme.radius === 'number' ? `${theme.radius}px` : theme.radius;
  for (const [name, value] of [
    ['--aw-accent', theme.accent],
    ['--aw-radius', radius],
    ['--aw-font', theme.font],
  ] as const) {
    if (value) root.style.setProperty(name, value);
  }
  return root;
}
