import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed } from '../../supabase/functions/_shared/push-hosts.ts';

describe('push endpoints the dispatcher calls', () => {
  it("calls the browsers' push services over https", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXk9:APA91b',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMejAfj',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    ]) expect(pushEndpointAllowed(endpoint, undefined), endpoint).toBe(true);
  });

  it('refuses anything else: plain http, look-alike hosts, internal addresses, other schemes', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://googleapis.com/x',
      'http://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:54322/',
      'https://localhost/x',
      'javascript:alert(1)',
      'no es una URL',
    ]) expect(pushEndpointAllowed(endpoint, undefined), endpoint).toBe(false);
  });

  it('adds the hosts PUSH_ENDPOINT_HOSTS names, over http too (the local receiver), and only those', () => {
    expect(pushEndpointAllowed('http://127.0.0.1:4010/ok/1', '127.0.0.1:4010')).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4010/ok/1', ' push.interno.mx , 127.0.0.1:4010 ')).toBe(true);
    expect(pushEndpointAllowed('http://localhost:4010/ok/1', '127.0.0.1:4010')).toBe(false);
    expect(pushEndpointAllowed('ftp://127.0.0.1:4010/x', '127.0.0.1:4010')).toBe(false);
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/x', '127.0.0.1:4010')).toBe(true);
  });

  it("allows a named host's own port only: another local port (the inbox's API, the database) is refused", () => {
    for (const endpoint of ['http://127.0.0.1:54324/api/v1/mailbox/ana', 'http://127.0.0.1:54322/', 'http://127.0.0.1/x', 'http://127.0.0.1:40100/ok/1'])
      expect(pushEndpointAllowed(endpoint, '127.0.0.1:4010'), endpoint).toBe(false);
    // A bare host is that host at its scheme's default port, never any port.
    expect(pushEndpointAllowed('http://127.0.0.1:4010/ok/1', '127.0.0.1')).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:54322/', '127.0.0.1')).toBe(false);
    expect(pushEndpointAllowed('https://push.interno.mx/x', 'push.interno.mx')).toBe(true);
    expect(pushEndpointAllowed('https://push.interno.mx:8443/x', 'push.interno.mx')).toBe(false);
    expect(pushEndpointAllowed('https://push.interno.mx:8443/x', 'PUSH.interno.mx:8443')).toBe(true);
  });
});
