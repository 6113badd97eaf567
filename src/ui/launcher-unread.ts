// The unread count on the launcher the script tag's loader drew (plain DOM), in the same shape as
// ui/Launcher.tsx renders it: the widget, once here, takes the badge over unchanged.

import { badgeText, unreadLabel } from '../strings/attention-strings';

export function showUnreadOnLauncher(shadowRoot: ShadowRoot, lang: string, count: number): void {
  const launcher = shadowRoot.querySelector('.launcher');
  if (!launcher || count <= 0 || launcher.querySelector('.unread-badge')) return;
  // The loader named it "Open chat" in the page's language: the count goes after that name.
  launcher.setAttribute('aria-label', unreadLabel(lang, launcher.getAttribute('aria-label') ?? '', count));
  const badge = document.createElement('span');
  badge.className = 'unread-badge';
  badge.setAttribute('aria-hidden', 'true');
  badge.setAttribute('data-unread', String(count));
  badge.textContent = badgeText(count);
  launcher.append(badge);
}
