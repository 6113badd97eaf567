// The teaser and option `attention` of a floating widget, started alike wherever the widget comes
// from: the script tag's extras file (extras.ts) and the package's mount (widget-extras.ts).

import { attend } from './attention/attend';
import type { WidgetControls } from './contract/client';
import type { WidgetOptions } from './contract/widget';
import { createTeaser, type Teaser } from './ui/teaser';
import type { RootLanguage } from './ui/widget-root';

export function startTeaserAndAttention(
  shadowRoot: ShadowRoot,
  options: WidgetOptions,
  language: RootLanguage,
  widget: Pick<WidgetControls, 'open' | 'on'>,
): Teaser {
  const stopAttention = attend(widget, options.attention, options.open);
  const teaser = createTeaser({
    shadowRoot,
    language,
    theme: options.theme,
    widget,
    open: options.open,
    text: options.teaser,
    delaySeconds: options.teaserDelay,
  });
  return {
    tease: teaser.tease,
    destroy() {
      teaser.destroy();
      stopAttention();
    },
  };
}
