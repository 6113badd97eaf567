// WebKit: WebKitGTK's MiniBrowser in automation mode, driven by webdriverio over classic WebDriver
// (WebKitWebDriver), on a virtual X display (xvfb-run). Classic WebDriver gives no console, so
// the page records its own errors (e2e/fixtures/engines-probe.js); element clicks on the
// shadow-root textarea are "intercepted", so clicks are pointer actions at coordinates.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Key, remote } from 'webdriverio';
import { type EngineName, type EnginePage, type Point, pageExpression } from './adapter';
import { minibrowserPath, WEBKIT_DRIVER_PATH } from './browsers';

declare global {
  namespace WebdriverIO {
    /** WebKitGTK's vendor capability (https://webkitgtk.org/reference/webkit2gtk/stable/WebKitWebDriver). */
    interface Capabilities {
      'webkitgtk:browserOptions'?: { binary?: string; args?: string[] };
    }
  }
}

type Browser = Awaited<ReturnType<typeof remote>>;

// How WebDriver marks an element reference in a script's result.
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

// MiniBrowser does not go below ~447 px wide; a desktop size leaves that out of play.
const WINDOW = { width: 1024, height: 768 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForDriver(port: number, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${driver.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not start within 20 s');
}

function stopGroup(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
}

export async function launchWebkit(): Promise<EnginePage> {
  const port = await freePort();
  // Its own process group, so closing ends xvfb-run, Xvfb and the driver together.
  const driver = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER_PATH, `--port=${port}`, '--host=127.0.0.1'], {
    detached: true,
    stdio: 'ignore',
    // A browser as a person runs it has a language: under LANG=C (as CI's shell has) WebKit reports
    // navigator.language "C", which Intl refuses, and uPlot's number format throws as it loads.
    env: { ...process.env, LANG: 'en_US.UTF-8' },
  });
  try {
    await waitForDriver(port, driver);
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error',
      capabilities: {
        'webkitgtk:browserOptions': { binary: minibrowserPath(), args: ['--automation'] },
      },
    });
    await browser.setWindowSize(WINDOW.width, WINDOW.height);
    return new WebkitPage(browser, driver);
  } catch (error) {
    stopGroup(driver);
    throw error;
  }
}

class WebkitPage implements EnginePage {
  readonly engine: EngineName = 'webkit';
  #browser: Browser;
  #driver: ChildProcess;

  constructor(browser: Browser, driver: ChildProcess) {
    this.#browser = browser;
    this.#driver = driver;
  }

  async goto(url: string): Promise<void> {
    await this.#browser.url(url);
  }

  async evaluate<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args): Promise<Awaited<Result>> {
    // One typed boundary: the page returns what `fn` returns, as JSON.
    return (await this.#browser.execute(`return ${pageExpression(fn, args)}`)) as Awaited<Result>;
  }

  async clickAt(point: Point): Promise<void> {
    await this.#browser
      .action('pointer', { parameters: { pointerType: 'mouse' } })
      .move({ x: point.x, y: point.y, origin: 'viewport' })
      .down({ button: 0 })
      .up({ button: 0 })
      .perform();
  }

  async typeText(text: string): Promise<void> {
    // Key actions drop characters when sent fast (seen: "I wantotalktoahuman"); element send-keys to
    // the focused element — reached through the open shadow root — types them all, still as key events.
    const focused: unknown = await this.#browser.execute(
      'let active = document.activeElement; while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement; return active;',
    );
    const elementId =
      typeof focused === 'object' && focused !== null
        ? (Reflect.get(focused, 'elementId') ?? Reflect.get(focused, ELEMENT_KEY))
        : undefined;
    if (typeof elementId !== 'string') throw new Error(`[webkit] nothing has focus to type into (${JSON.stringify(focused)})`);
    await this.#browser.elementSendKeys(elementId, text);
  }

  async pressKey(key: 'Enter' | 'Escape'): Promise<void> {
    await this.#browser.keys(key === 'Enter' ? Key.Enter : Key.Escape);
  }

  async screenshot(path: string): Promise<void> {
    // MiniBrowser on a virtual display may show its last painted frame: let it paint first.
    await this.#browser.executeAsync(
      'const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done(true))); setTimeout(() => done(false), 1000);',
    );
    await this.#browser.saveScreenshot(`${path.replace(/\.png$/, '')}.png`);
  }

  engineErrors(): string[] {
    return [];
  }

  clearEngineErrors(): void {}

  async close(): Promise<void> {
    try {
      await this.#browser.deleteSession();
    } finally {
      stopGroup(this.#driver);
    }
  }
}
