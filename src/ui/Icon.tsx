import { h } from 'preact';

/** SVG path data of the widget's icons (24×24, stroked). */
export const ICONS = {
  chat: 'M4 5h16v11H9l-5 4z',
  chevronDown: 'M6 9l6 6 6-6',
  close: 'M6 6l12 12M18 6L6 18',
  microphone: 'M12 3a3 3 0 0 0-3 3v5a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM6 11a6 6 0 0 0 12 0M12 17v4',
  speaker: 'M4 9h4l5-4v14l-5-4H4zM17 9a4 4 0 0 1 0 6',
  voiceMode: 'M4 10v4M8 7v10M12 4v16M16 7v10M20 10v4',
};

export function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}
