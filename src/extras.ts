// Entry of the loader's extras file (dist/agent-webchat-extras.js): what the launcher shows beside
// itself before, and without, the conversation — the teaser, and after a reload the unread count
// this tab kept — and option `attention` (title counter, tone), which follows the widget's events.
// The loader (embed.ts) fetches it with its integrity hash only when a teaser is configured or
// asked for (`tease()`), `attention` is set, or the tab keeps an unread count, so that pages
// without them pay nothing for it. It hands itself over as the conversation file does.
import type { LauncherExtras } from './loader/conversation-loader';
import { FILE_EVENT } from './loader/file-event';
import { anyUnreadInTab, rememberedUnread } from './tabs/panel-memory';
import { startTeaserAndAttention } from './teaser-and-attention';
import { showUnreadOnLauncher } from './ui/launcher-unread';

const extras: LauncherExtras = {
  start(shadowRoot, options, widget) {
    // The language and direction the loader picked for its launcher (no second copy of its tables here).
    const root = shadowRoot.querySelector<HTMLElement>('.widget');
    const language = { lang: root?.lang || 'en', dir: root?.dir === 'rtl' ? ('rtl' as const) : ('ltr' as const) };
    if (anyUnreadInTab())
      void rememberedUnread(options).then((count) => {
        // Once the conversation is here, it shows the count itself.
        if (widget.client) widget.client.restoreUnread(count);
        else showUnreadOnLauncher(shadowRoot, language.lang, count);
      });
    return startTeaserAndAttention(shadowRoot, options, language, widget);
  },
};

document.currentScript?.dispatchEvent(new CustomEvent(FILE_EVENT, { detail: extras }));
