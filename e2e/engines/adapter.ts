// One small surface over three engines: what the cross-engine journey needs from a browser.
// Chromium and Firefox are driven by puppeteer-core (CDP and WebDriver BiDi), WebKit by
// webdriverio over classic WebDriver (WebKitWebDriver + MiniBrowser). Finding elements happens
// in the page (e2e/fixtures/engines-probe.js), so every engine finds them the same way.

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export const ENGINE_NAMES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

export interface Point {
  x: number;
  y: number;
}

export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page with JSON arguments and returns its (awaited, JSON) result. */
  evaluate<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args): Promise<Awaited<Result>>;
  /** A real pointer click (move, press, release) at viewport coordinates. */
  clickAt(point: Point): Promise<void>;
  /** Types into whatever has focus, key by key. */
  typeText(text: string): Promise<void>;
  pressKey(key: 'Enter' | 'Escape'): Promise<void>;
  screenshot(path: string): Promise<void>;
  /** Errors the engine itself reported from the page (console, uncaught); empty where it cannot. */
  engineErrors(): string[];
  clearEngineErrors(): void;
  close(): Promise<void>;
}

/** Source of a page-side call: the function and its JSON arguments, run as one expression. */
export function pageExpression(fn: (...args: never[]) => unknown, args: unknown[]): string {
  return `(${fn.toString()})(...${JSON.stringify(args)})`;
}

export async function launchEngine(engine: EngineName): Promise<EnginePage> {
  if (engine === 'webkit') {
    const { launchWebkit } = await import('./webkit-engine');
    return launchWebkit();
  }
  const { launchPuppeteer } = await import('./puppeteer-engine');
  return launchPuppeteer(engine);
}
