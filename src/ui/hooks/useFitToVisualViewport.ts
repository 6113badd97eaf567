import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/** Phones: screens this narrow or less show the panel full screen. Matches the stylesheet's media query. */
const PHONE_MAX_WIDTH = 480;

/**
 * Keeps the full-screen phone panel above the on-screen keyboard: sized to the visual viewport
 * while `active` (the floating panel is open). Wider screens keep the stylesheet's size.
 */
export function useFitToVisualViewport(panel: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const viewport = window.visualViewport;
    const element = panel.current;
    if (!active || !viewport || !element) return;
    const fitPanel = () => {
      const phone = innerWidth <= PHONE_MAX_WIDTH;
      element.style.height = phone ? `${viewport.height}px` : '';
      element.style.top = phone ? `${viewport.offsetTop}px` : '';
    };
    fitPanel();
    viewport.addEventListener('resize', fitPanel);
    viewport.addEventListener('scroll', fitPanel);
    return () => {
      viewport.removeEventListener('resize', fitPanel);
      viewport.removeEventListener('scroll', fitPanel);
      element.style.height = '';
      element.style.top = '';
    };
  }, [panel, active]);
}
