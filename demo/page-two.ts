// The script of the demo site's second page (served compiled as /page-two.js): the same inline
// widget, with the same options, as mode 3 of the first page (demo-page.ts), so the visitor's
// conversation goes on here. Texts from outside go into the page through textContent only.

interface DemoConfig {
  messagingUrl: string;
  tokenUrl: string;
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
  const handle = api.init({ messagingUrl: config.messagingUrl, tokenUrl: config.tokenUrl, title: 'Token from the backend', container });
  handle.on('status', (event) => {
    status.textContent = event.status;
  });
}

main().catch((error: unknown) => {
  const status = document.getElementById('token-status');
  if (status) status.textContent = `page failed: ${error instanceof Error ? error.message : String(error)}`;
});
