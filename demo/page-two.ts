// The script of the demo site's second page (served compiled as /page-two.js): the same inline
// widget, with the same options (the site's /demo-config.json `tokenWidget`, which mode 3 of the
// first page mounts too), so the visitor's conversation goes on here. Texts from outside go into
// the page through textContent only.

interface DemoConfig {
  messagingUrl: string;
  tokenWidget: Record<string, unknown>;
}

/** What the first page adds when the site serves it (GET answers 200), so both pages keep one set of options. */
const SITE_ENDPOINTS = { uploadUrl: '/api/upload', historyUrl: '/api/history' } as const;

async function siteEndpoints(): Promise<Record<string, string>> {
  const wired: Record<string, string> = {};
  for (const [option, path] of Object.entries(SITE_ENDPOINTS)) {
    const response = await fetch(path, { credentials: 'same-origin', cache: 'no-store' }).catch(() => undefined);
    if (response?.status === 200) wired[option] = path;
  }
  return wired;
}

async function main(): Promise<void> {
  const status = document.getElementById('token-status');
  const container = document.getElementById('token-chat');
  const api = window.AgentWebchat && 'init' in window.AgentWebchat ? window.AgentWebchat : undefined;
  if (!status || !container) return;
  if (!api) {
    status.textContent = 'the widget bundle did not load — run `npm run build`, then `npm start`';
    return;
  }
  const config = (await (await fetch('/demo-config.json')).json()) as DemoConfig;
  const handle = api.init({ messagingUrl: config.messagingUrl, ...config.tokenWidget, ...(await siteEndpoints()), container });
  handle.on('status', (event) => {
    status.textContent = event.status;
  });
}

main().catch((error: unknown) => {
  const status = document.getElementById('token-status');
  if (status) status.textContent = `page failed: ${error instanceof Error ? error.message : String(error)}`;
});
