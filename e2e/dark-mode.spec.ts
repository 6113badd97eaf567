// Flow: dark theme, chosen explicitly (theme.mode 'dark') or following the system (mode 'auto'
// with a dark colour scheme); light stays light.
import { expect, type Page, test } from '@playwright/test';
import { sitePage } from './support/embed';
import { platform } from './support/platform';
import { PLATFORM_URL } from './support/site';
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

  test('the default follows it', async ({ page }) => {
    await openWidget(page);
    await expectDark(page);
  });

  test('theme mode "light" ignores it', async ({ page }) => {
    await openWidget(page, { theme: { mode: 'light' } });
    expect(await luminance(page, '[role="dialog"]', 'backgroundColor')).toBeGreaterThan(0.9);
  });

  test('<agent-webchat theme="light"> ignores it', async ({ page }) => {
    await sitePage(page, 'element.html');
    await page.evaluate((platformUrl) => {
      const element = document.createElement('agent-webchat');
      for (const [name, value] of Object.entries({
        'messaging-url': platformUrl,
        'connector-token': 'demo-connector-token',
        theme: 'light',
        inline: '',
      }))
        element.setAttribute(name, value);
      document.getElementById('boxes')?.append(element);
    }, PLATFORM_URL);
    const panel = page.locator('#boxes agent-webchat [role="dialog"]');
    await expect(panel).toBeVisible();
    expect(await luminance(page, '#boxes agent-webchat [role="dialog"]', 'backgroundColor')).toBeGreaterThan(0.9);
  });
});

test('the script tag: data-theme="dark" on a light system', async ({ page }) => {
  await sitePage(page, 'embed-theme.html');
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  await expectDark(page);
});

test('theme mode "auto" is light on a light system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openWidget(page, { theme: { mode: 'auto' } });
  expect(await luminance(page, '[role="dialog"]', 'backgroundColor')).toBeGreaterThan(0.9);
  expect(await luminance(page, '[data-author="agent"] [data-part="body"]', 'color')).toBeLessThan(0.05);
});
