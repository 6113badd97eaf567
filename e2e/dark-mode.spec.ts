// Flow: dark theme, chosen explicitly (theme.mode 'dark') or following the system (mode 'auto'
// with a dark colour scheme); light stays light.
import { expect, type Page, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** Relative luminance (0 black … 1 white) of an element's computed background or text colour. */
async function luminance(page: Page, selector: string, property: 'backgroundColor' | 'color'): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el, property) => {
      const [r, g, b] = getComputedStyle(el)
        [property].match(/[\d.]+/g)!
        .map(Number) as [number, number, number];
      const lin = (channel: number) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    }, property);
}

async function expectDark(page: Page) {
  expect(await luminance(page, '[role="dialog"]', 'backgroundColor')).toBeLessThan(0.05);
  expect(await luminance(page, '[data-author="agent"] [data-part="body"]', 'color')).toBeGreaterThan(0.8);
  expect(await luminance(page, 'textarea', 'backgroundColor')).toBeLessThan(0.05);
  expect(await page.locator('textarea').evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark');
}

test('theme mode "dark"', async ({ page }) => {
  await openWidget(page, { theme: { mode: 'dark' } });
  await expectDark(page);
});

test.describe('with a dark system colour scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('theme mode "auto" follows it', async ({ page }) => {
    await openWidget(page, { theme: { mode: 'auto' } });
    await expectDark(page);
  });

  test('the default (light) theme ignores it', async ({ page }) => {
    await openWidget(page);
    expect(await luminance(page, '[role="dialog"]', 'backgroundColor')).toBeGreaterThan(0.9);
  });
});

test('theme mode "auto" is light on a light system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openWidget(page, { theme: { mode: 'auto' } });
  expect(await luminance(page, '[role="dialog"]', 'backgroundColor')).toBeGreaterThan(0.9);
  expect(await luminance(page, '[data-author="agent"] [data-part="body"]', 'color')).toBeLessThan(0.05);
});
