import { h, type Ref } from 'preact';

/** The polite live region that useAnnouncements writes into (outside the panel: always present). */
export function LiveRegion({ regionRef }: { regionRef: Ref<HTMLDivElement> }) {
  return <div ref={regionRef} class="visually-hidden" aria-live="polite" data-part="announcements" />;
}
