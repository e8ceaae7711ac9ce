// How a batch of analytics events is written (src/lib/activity.ts), kept apart so the API tests
// send exactly the app's requests. Each event carries the phone's own id (event_key): a batch whose
// request a navigation cut off after the server stored it is sent again, and the database skips
// what it already has (public.skip_stored_activity; an upsert would need players to read the table).

/** The page is going away: the batch as one keepalive POST the browser finishes alone. */
export function activityKeepaliveRequest(apiUrl: string, anonKey: string, accessToken: string, batch: unknown[]): [URL, RequestInit] {
  const url = new URL('rest/v1/activity_logs', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`);
  return [
    url,
    {
      method: 'POST',
      keepalive: true,
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify(batch),
    },
  ];
}
