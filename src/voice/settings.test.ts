import { describe, expect, it } from 'vitest';
import { voiceSettings } from './settings';

describe('voiceSettings', () => {
  it('is off unless asked for; true turns every part on; the object form switches parts off', () => {
    expect(voiceSettings(undefined)).toBeUndefined();
    expect(voiceSettings(false)).toBeUndefined();
    expect(voiceSettings(true)).toEqual({ input: true, output: true, mode: true, send: true, onDevice: false });
    expect(voiceSettings({ output: false, send: false })).toEqual({ input: true, output: false, mode: true, send: false, onDevice: false });
    expect(voiceSettings({ onDevice: true })).toEqual({ input: true, output: true, mode: true, send: true, onDevice: true });
  });
});
