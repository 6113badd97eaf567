// What a handler may know about the connection beside the Request: `toNodeListener` passes the
// socket's address as a second argument, so no header a client could forge is trusted for it.

export interface RequestContext {
  /** The peer's IP address as the server socket saw it. */
  clientAddress?: string;
}

export type FetchHandler = (request: Request, context?: RequestContext) => Promise<Response>;

/** Default client key: the socket address, or one shared key when the runtime gives none. */
export function defaultClientKey(_request: Request, context: RequestContext | undefined): string {
  return context?.clientAddress ?? 'unknown-client';
}
