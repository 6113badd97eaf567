/** The upload's icons (24×24, stroked). */
export const UPLOAD_ICONS = {
  paperclip: 'M20 11.5l-8 8a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L9.7 17.2a1.7 1.7 0 0 1-2.4-2.4L15 7.2',
  cross: 'M6 6l12 12M18 6L6 18',
};
