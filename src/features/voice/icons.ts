/** The voice controls' icons (24×24, stroked). */
export const VOICE_ICONS = {
  microphone: 'M12 3a3 3 0 0 0-3 3v5a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM6 11a6 6 0 0 0 12 0M12 17v4',
  speaker: 'M4 9h4l5-4v14l-5-4H4zM17 9a4 4 0 0 1 0 6',
  voiceMode: 'M4 10v4M8 7v10M12 4v16M16 7v10M20 10v4',
};
