// Where a push may be sent. A subscription's endpoint is whatever URL a client saved, and the
// dispatcher POSTs to it with the service's own network: left open, any player could make the
// server call an address of his choosing (an internal service, a metadata endpoint). Browsers'
// endpoints are https URLs of their vendor's push service, so only those are called, plus the
// hosts PUSH_ENDPOINT_HOSTS adds (comma-separated `host` or `host:port`; the local platform adds
// its test receiver's own host and port, over http). A bare host allows its default port only:
// `127.0.0.1` alone would let a subscription reach every local service (the inbox's API, the
// database's port).

/** The push services of Chrome and Android (FCM), Firefox (Mozilla autopush), Safari (Apple) and Edge (WNS). */
const PUSH_SERVICES = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

const matches = (host: string, service: string) => host === service || host.endsWith(`.${service}`);

export function pushEndpointAllowed(endpoint: string, extraHosts: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const extra = (extraHosts ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  // url.host is `host:port`, or the host alone at the scheme's default port.
  if (extra.includes(url.host)) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && PUSH_SERVICES.some((service) => matches(url.hostname, service));
}
