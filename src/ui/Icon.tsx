import { h } from 'preact';

/** SVG path data of the widget's icons (24×24, stroked). */
export const ICONS = {
  chat: 'M4 5h16v11H9l-5 4z',
  chevronDown: 'M6 9l6 6 6-6',
  close: 'M6 6l12 12M18 6L6 18',
};

export function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}
