// The fakes of SpeechRecognition and speechSynthesis that the unit tests use, injected into the
// page before its scripts run, and helpers that drive them from a spec.
import type { Page } from '@playwright/test';
import type { FakeSpeech, FakeSpeechOptions } from '../../src/voice/testing/fake-speech';
import { installFakeSpeech } from '../../src/voice/testing/fake-speech';

declare global {
  interface Window {
    __fakeSpeech: FakeSpeech;
  }
}

export async function injectFakeSpeech(page: Page, options: FakeSpeechOptions = { prefixed: true }): Promise<void> {
  await page.addInitScript({ content: `(${installFakeSpeech.toString()})(window, ${JSON.stringify(options)});` });
}

/** The latest recognition session hears these words. */
export const hear = (page: Page, text: string, final: boolean) =>
  page.evaluate(([text, final]) => window.__fakeSpeech.sessions.at(-1)?.hear(text, final), [text, final] as const);

/** The texts handed to speechSynthesis so far. */
export const spoken = (page: Page) => page.evaluate(() => window.__fakeSpeech.utterances.map((u) => u.text));

/** The utterance being spoken ends. */
export const finishUtterance = (page: Page) => page.evaluate(() => window.__fakeSpeech.finish());

/** Recognition sessions started, and whether the latest is still open. */
export const recognition = (page: Page) =>
  page.evaluate(() => ({ sessions: window.__fakeSpeech.sessions.length, open: window.__fakeSpeech.sessions.at(-1)?.ended === false }));
