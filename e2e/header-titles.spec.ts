// Flow: the panel's header on a phone (320 px wide) in every shipped locale, with every action it
// can hold (download transcript, voice mode, "Call me", "End chat", close): the title is never cut short for the
// buttons — they move to a second row first. A screenshot of each header is attached to the report.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { loadWidget } from './support/widget';

test.use({ viewport: { width: 320, height: 640 } });

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

const LOCALES = ['en', 'fr', 'ar', 'es', 'de', 'pt', 'it', 'ja', 'zh'];

for (const locale of LOCALES) {
  test(`${locale}: the title is whole beside every header action`, async ({ page }) => {
    await loadWidget(page, { locale, open: true, voice: true, callbackUrl: '/api/callback', title: 'Demo support' });
    const panel = page.getByRole('dialog', { name: 'Demo support' });
    await expect(panel).toBeVisible();
    await expect(panel.locator('[data-author="agent"]:not([data-streaming])').first()).toBeVisible();
    const actions = panel.locator('.header-actions > button');
    // Download transcript, voice mode, Call me, End chat, close: each there, in view, inside the panel.
    await expect(actions).toHaveCount(5);
    const box = await panel.boundingBox();
    if (!box) throw new Error('no panel box');
    const title = panel.getByRole('heading', { name: 'Demo support' });
    const titleBox = await title.boundingBox();
    if (!titleBox) throw new Error('no title box');
    for (const action of await actions.all()) {
      await expect(action).toBeVisible();
      const button = await action.boundingBox();
      if (!button) throw new Error('no button box');
      expect(button.x).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      // Not over the title: beside it or below it.
      const overlaps =
        button.x < titleBox.x + titleBox.width &&
        titleBox.x < button.x + button.width &&
        button.y < titleBox.y + titleBox.height &&
        titleBox.y < button.y + button.height;
      expect(overlaps).toBe(false);
    }
    const { scrollWidth, clientWidth } = await title.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await test.info().attach(`header-${locale}.png`, { body: await panel.locator('.header').screenshot(), contentType: 'image/png' });
  });
}
