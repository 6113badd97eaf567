// The console's location lives in the hash (`#/conversations?channel=WEBCHAT`), so the platform
// serves one page and every view keeps a shareable address.

import { useEffect, useState } from 'preact/hooks';

export interface Route {
  path: string[];
  params: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const [pathPart = '', queryPart = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  return { path: pathPart.split('/').filter(Boolean).map(decodeURIComponent), params: new URLSearchParams(queryPart) };
}

export function href(path: string[], params?: Record<string, string>): string {
  const query = params ? new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString() : '';
  return `#/${path.map(encodeURIComponent).join('/')}${query ? `?${query}` : ''}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const onChange = (): void => setRoute(parseHash(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

/** Replaces the query of the current view without adding a history entry per keystroke. */
export function replaceParams(path: string[], params: Record<string, string>): void {
  history.replaceState(null, '', href(path, params));
  dispatchEvent(new HashChangeEvent('hashchange'));
}
