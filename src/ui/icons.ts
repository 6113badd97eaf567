/** SVG path data of the widget's icons (24×24, stroked). Apart from Icon.tsx: the script tag's loader draws the launcher's without Preact. */
export const ICONS = {
  chat: 'M4 5h16v11H9l-5 4z',
  chevronDown: 'M6 9l6 6 6-6',
  close: 'M6 6l12 12M18 6L6 18',
};
