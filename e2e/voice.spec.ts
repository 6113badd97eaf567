// Voice in Chromium, through fakes of SpeechRecognition and speechSynthesis injected into the
// page (the same ones the unit tests use): dictation, voice mode reading a streamed reply sentence
// by sentence and listening again, barge-in by typing, read-aloud, a blocked microphone.
import { expect, type Page, test } from '@playwright/test';
import { platform } from './support/platform';
import { finishUtterance, hear, injectFakeSpeech, recognition, spoken } from './support/speech';
import { collectEvents, hostEvents, openWidget } from './support/widget';

const STREAM_SENTENCES = [
  'Streaming sends a reply in small chunks as it is written, so the first words appear at once.',
  'Each chunk carries an index; the widget joins them in order, whatever order they arrive in.',
];

test.beforeEach(async ({ request, page }) => {
  await platform(request).reset();
  await injectFakeSpeech(page);
});

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const voiceStatus = (page: Page) => page.locator('[data-voice]');

test('dictation: interim words in the composer, the final result sent as an ordinary message', async ({ page }) => {
  await openWidget(page, { voice: true });
  const dictate = page.getByRole('button', { name: 'Dictate' });
  await expect(dictate).toHaveAttribute('aria-pressed', 'false');
  await dictate.click();
  await expect(dictate).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => window.__fakeSpeech.sessions[0]?.lang)).toBe('en');
  await hear(page, 'tell me about', false);
  await expect(composer(page)).toHaveValue('tell me about');
  await hear(page, 'tell me about streaming', true);
  await expect(page.locator('[data-author="user"][data-status="sent"]')).toHaveText(/tell me about streaming/);
  await expect(composer(page)).toHaveValue('');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('Streaming sends a reply');
  await page.evaluate(() => window.__fakeSpeech.sessions.at(-1)?.end());
  await expect(dictate).toHaveAttribute('aria-pressed', 'false');
});

test('voice mode reads a streamed reply sentence by sentence, then listens again', async ({ page }) => {
  await openWidget(page, { voice: true });
  await collectEvents(page, 'voice');
  // Whether the reply was still streaming when each sentence was handed to the speech engine.
  await page.evaluate(() => {
    const shadow = document.querySelector('[data-agent-webchat]')!.shadowRoot!;
    const log: boolean[] = [];
    Reflect.set(window, '__streamingAtSpeech', log);
    window.__fakeSpeech.onSpeak = () => log.push(!!shadow.querySelector('[data-author="agent"][data-streaming]'));
  });
  const mode = page.getByRole('button', { name: 'Voice mode' });
  await mode.click();
  await expect(mode).toHaveAttribute('aria-pressed', 'true');
  await expect(voiceStatus(page)).toHaveText('Listening…');
  // The greeting already there is not read.
  expect(await spoken(page)).toEqual([]);

  await hear(page, 'stream please', true);
  await expect(page.locator('[data-author="user"]')).toHaveText(/stream please/);
  await expect(voiceStatus(page)).toHaveText('Agent speaking…');
  await expect.poll(() => spoken(page)).toEqual(STREAM_SENTENCES);
  // The first sentence went to the speech engine while the reply was still arriving.
  expect(await page.evaluate(() => Reflect.get(window, '__streamingAtSpeech'))).toEqual([true, false]);

  await finishUtterance(page);
  await expect(voiceStatus(page)).toHaveText('Agent speaking…');
  await finishUtterance(page);
  await expect(voiceStatus(page)).toHaveText('Listening…');
  expect(await recognition(page)).toMatchObject({ open: true });
  expect(await hostEvents(page, 'voice')).toEqual([
    { state: 'listening' },
    { state: 'sending' },
    { state: 'speaking' },
    { state: 'listening' },
  ]);
});

test('typing interrupts the agent at once; the typed message gets a spoken reply', async ({ page }) => {
  await openWidget(page, { voice: true });
  await page.getByRole('button', { name: 'Voice mode' }).click();
  await hear(page, 'Give me a long answer', true);
  await expect(voiceStatus(page)).toHaveText('Agent speaking…');
  await expect.poll(async () => (await spoken(page)).length).toBeGreaterThan(0);
  await composer(page).pressSequentially('ok');
  await expect(voiceStatus(page)).toHaveText('Paused. Press Dictate to talk.');
  expect(await page.evaluate(() => window.__fakeSpeech.cancels)).toBeGreaterThan(0);
  const heard = (await spoken(page)).length;
  await expect(page.locator('[data-author="agent"]').nth(1)).not.toHaveAttribute('data-streaming', { timeout: 15_000 });
  // Nothing more of the interrupted reply was read.
  expect(await spoken(page)).toHaveLength(heard);
  expect(await recognition(page)).toMatchObject({ open: false });

  await composer(page).fill('thanks');
  await composer(page).press('Enter');
  await expect.poll(() => spoken(page)).toContain('You said: "thanks".');
});

test('a blocked microphone: a notice in plain words, voice mode off, typing still works', async ({ page }) => {
  await openWidget(page, { voice: true });
  await page.evaluate(() => {
    window.__fakeSpeech.failNext = 'not-allowed';
  });
  const mode = page.getByRole('button', { name: 'Voice mode' });
  await mode.click();
  await expect(voiceStatus(page)).toHaveText('Microphone blocked. You can type instead.');
  await expect(mode).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Dictate' })).toHaveAttribute('aria-pressed', 'false');
  await composer(page).fill('typed instead');
  await composer(page).press('Enter');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('You said: "typed instead"');
});

test('a recognition network error keeps the half-dictated words in the composer', async ({ page }) => {
  await openWidget(page, { voice: true });
  await composer(page).fill('My order');
  await page.getByRole('button', { name: 'Dictate' }).click();
  await hear(page, 'number is', false);
  await expect(composer(page)).toHaveValue('My order number is');
  await page.evaluate(() => window.__fakeSpeech.sessions.at(-1)?.fail('network'));
  await expect(voiceStatus(page)).toHaveText("Speech recognition isn't working. You can type instead.");
  await expect(composer(page)).toHaveValue('My order number is');
  await expect(page.locator('[data-author="user"]')).toHaveCount(0);
});

test('Listen reads a reply aloud in a voice of the widget language; Escape stops it and leaves the panel open', async ({ page }) => {
  await openWidget(page, { voice: true });
  const listen = page.getByRole('button', { name: 'Listen' });
  await expect(listen).toHaveCount(1);
  await listen.click();
  await expect(listen).toHaveAttribute('aria-pressed', 'true');
  expect(await spoken(page)).toEqual(["Hi, I'm Ada, the demo agent.", 'Ask me anything, or pick one of the suggestions below.']);
  expect(await page.evaluate(() => window.__fakeSpeech.utterances[0]?.voice?.lang)).toMatch(/^en-/);
  await page.keyboard.press('Escape');
  await expect(listen).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => window.__fakeSpeech.cancels)).toBeGreaterThan(0);
});

test('without speech recognition: no Dictate and no Voice mode, Listen still there; voice off by default', async ({ page }) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'webkitSpeechRecognition');
    Reflect.deleteProperty(window, 'SpeechRecognition');
  });
  await openWidget(page, { voice: true });
  await expect(page.getByRole('button', { name: 'Listen' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Dictate' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Voice mode' })).toHaveCount(0);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.evaluate(() => sessionStorage.clear());
  await openWidget(page);
  await expect(page.getByRole('button', { name: 'Listen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Voice mode' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("dictation follows the agent's LANGUAGE_CHANGED: French controls, French recognition", async ({ page }) => {
  await openWidget(page, { voice: true });
  await composer(page).fill('language fr-CA');
  await composer(page).press('Enter');
  const dictate = page.getByRole('button', { name: 'Dicter' });
  await expect(dictate).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mode vocal' })).toBeVisible();
  await dictate.click();
  expect(await page.evaluate(() => window.__fakeSpeech.sessions.at(-1)?.lang)).toBe('fr-CA');
});
