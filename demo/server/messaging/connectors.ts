// Connector registry of the Messaging API: a connector token is registered for one or more host
// domains; X-Host must be one of them or a subdomain of one.

export interface Connector {
  id: string;
  token: string;
  hosts: readonly string[];
}

export const DEMO_CONNECTORS: readonly Connector[] = [
  // Both loopback spellings, so the demo works whichever one the browser shows.
  { id: 'connector-demo', token: 'demo-connector-token', hosts: ['localhost', '127.0.0.1'] },
  // A real-looking domain, for subdomain tests (www.example.com matches, badexample.com does not).
  { id: 'connector-example', token: 'example-connector-token', hosts: ['example.com'] },
  // Misconfigured on purpose: exercises 401 `Connector missing host domain`.
  { id: 'connector-no-host', token: 'no-host-connector-token', hosts: [] },
];

export function findConnector(token: string, connectors: readonly Connector[] = DEMO_CONNECTORS): Connector | undefined {
  return connectors.find((connector) => connector.token === token);
}

/** Lower-cases and drops a port and a trailing dot, so `App.Localhost:5173` compares as `app.localhost`. */
export function normalizeHost(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    host = end === -1 ? host : host.slice(0, end + 1);
  } else {
    const colon = host.indexOf(':');
    if (colon !== -1) host = host.slice(0, colon);
  }
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export function hostMatches(connector: Connector, rawHost: string): boolean {
  const host = normalizeHost(rawHost);
  return connector.hosts.some((registered) => host === registered || host.endsWith(`.${registered}`));
}
