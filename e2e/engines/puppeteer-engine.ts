// Chromium (CDP) and Firefox ESR (WebDriver BiDi, no geckodriver) through puppeteer-core.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../../scripts/find-browser';
import { type EngineName, type EnginePage, type Point, pageExpression } from './adapter';
import { chromiumPath, FIREFOX_PATH } from './browsers';

export const VIEWPORT = { width: 1024, height: 768 };

export async function launchPuppeteer(engine: Exclude<EngineName, 'webkit'>): Promise<EnginePage> {
  const browser: Browser =
    engine === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true, defaultViewport: VIEWPORT })
      : await puppeteer.launch({
          browser: 'chrome',
          executablePath: chromiumPath(),
          headless: true,
          args: CHROMIUM_ARGS,
          defaultViewport: VIEWPORT,
        });
  const page = await browser.newPage();
  return new PuppeteerPage(engine, browser, page);
}

class PuppeteerPage implements EnginePage {
  readonly engine: EngineName;
  #browser: Browser;
  #page: Page;
  #errors: string[] = [];

  constructor(engine: EngineName, browser: Browser, page: Page) {
    this.engine = engine;
    this.#browser = browser;
    this.#page = page;
    page.on('console', (message) => {
      if (message.type() === 'error') this.#errors.push(message.text());
    });
    page.on('pageerror', (error) => this.#errors.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
  }

  async goto(url: string): Promise<void> {
    await this.#page.goto(url, { waitUntil: 'load' });
  }

  async evaluate<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args): Promise<Awaited<Result>> {
    // One typed boundary: the page returns what `fn` returns, as JSON.
    return (await this.#page.evaluate(pageExpression(fn, args))) as Awaited<Result>;
  }

  async clickAt(point: Point): Promise<void> {
    await this.#page.mouse.click(point.x, point.y);
  }

  async typeText(text: string): Promise<void> {
    await this.#page.keyboard.type(text);
  }

  async pressKey(key: 'Enter' | 'Escape'): Promise<void> {
    await this.#page.keyboard.press(key);
  }

  async screenshot(path: string): Promise<void> {
    await this.#page.screenshot({ path: `${path.replace(/\.png$/, '')}.png` });
  }

  engineErrors(): string[] {
    return [...this.#errors];
  }

  clearEngineErrors(): void {
    this.#errors.length = 0;
  }

  async close(): Promise<void> {
    await this.#browser.close();
  }
}
