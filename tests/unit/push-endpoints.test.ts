/**
 * Issue 28 finding 5 ("push endpoints can point inside"): the push-service allow-list and the address
 * classifier, as pure functions. No traffic: the connection-level checks are tests/api/push-endpoints.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  type AddressClass,
  classifyAddress,
  isAllowedPushEndpoint,
  isAllowedPushHost,
  isPublicAddress,
  PUSH_SERVICES,
  pushEndpointProblem,
} from '../../src/server/services/push-endpoints.ts';

describe('push service hosts (the allow-list)', () => {
  it('accepts the browsers’ push services', () => {
    for (const host of [
      'fcm.googleapis.com',
      'android.googleapis.com',
      'updates.push.services.mozilla.com',
      'push.services.mozilla.com',
      'web.push.apple.com',
      'api.push.apple.com',
      'wns2-par02p.notify.windows.com',
      'db5.notify.windows.com',
      'a.b.notify.windows.com',
    ]) {
      expect(isAllowedPushHost(host), host).toBe(true);
    }
  });

  it('refuses look-alikes, parents, suffix tricks and IP addresses', () => {
    for (const host of [
      '',
      'googleapis.com',
      'evil-fcm.googleapis.com',
      'fcmgoogleapis.com',
      'fcm.googleapis.com.attacker.com',
      'evil-fcm.googleapis.com.attacker.com',
      'fcm.googleapis.co',
      'xfcm.googleapis.com',
      'x.fcm.googleapis.com', // an exact entry does not take subdomains
      'fcm.googleapis.com.', // trailing dot
      'FCM.googleapis.com', // hosts come normalised (lower case): anything else is refused
      'push.apple.com', // a subdomains entry never matches itself
      'evilpush.apple.com',
      'web.push.apple.com.evil.com',
      'apple.com',
      'notify.windows.com',
      'evilnotify.windows.com',
      'x.notify.windows.com.attacker.net',
      '-bad.notify.windows.com',
      'bad-.notify.windows.com',
      'a..notify.windows.com',
      'a_b.notify.windows.com',
      'localhost',
      'mozilla.com',
      'services.mozilla.com',
      'evil.push.services.mozilla.com',
      'updates.push.services.mozilla.com.evil',
      '127.0.0.1',
      '[::1]',
      '::1',
      '169.254.169.254',
    ]) {
      expect(isAllowedPushHost(host), host).toBe(false);
    }
  });

  it('documents every entry with its service', () => {
    expect(PUSH_SERVICES.length).toBeGreaterThanOrEqual(6);
    for (const s of PUSH_SERVICES) expect(s.service.length).toBeGreaterThan(3);
  });
});

describe('push endpoints', () => {
  it('accepts real endpoint shapes', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXyZ:APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ-hQMRKRrZuJAEcl7B338qju59zJMjw2DELjzEvxwYv7hH5Ynpc1ODQ0aT4U4OFEeco8ohsN5PjL1iC2dNtk2BAokeMCg2ZXKqpc8FXKmhX94kIxQ',
      'https://fcm.googleapis.com/wp/dXyZ:APA91bF',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABc',
      'https://web.push.apple.com/QGuQyavXutnMH6ltsw2BqvwH2u',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2bXYZ',
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBeNull();
    }
  });

  const refused: [string, unknown][] = [
    ['not a string', 42],
    ['not a URL', 'not a url'],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another scheme', 'ftp://fcm.googleapis.com/fcm/send/abc'],
    ['loopback address', 'https://127.0.0.1:8443/x'],
    ['loopback without port', 'https://127.0.0.1/x'],
    ['IPv6 loopback', 'https://[::1]/x'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/x'],
    ['decimal IPv4', 'https://2130706433/x'],
    ['hex IPv4', 'https://0x7f000001/x'],
    ['short IPv4', 'https://127.1/x'],
    ['metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['private address', 'https://10.0.0.5/x'],
    ['localhost', 'https://localhost/x'],
    ['user info before the real host', 'https://fcm.googleapis.com@127.0.0.1/x'],
    ['user info on a listed host', 'https://user:pass@fcm.googleapis.com/x'],
    ['empty user info', 'https://@fcm.googleapis.com/x'],
    ['a port', 'https://fcm.googleapis.com:8443/x'],
    ['even the default port written out', 'https://fcm.googleapis.com:443/x'],
    ['suffix trick', 'https://evil-fcm.googleapis.com.attacker.com/x'],
    ['listed host as a subdomain of another', 'https://fcm.googleapis.com.attacker.com/fcm/send/x'],
    ['upper-case host', 'https://FCM.googleapis.com/fcm/send/x'],
    ['trailing dot', 'https://fcm.googleapis.com./fcm/send/x'],
    ['percent-encoded host', 'https://fcm%2egoogleapis%2ecom/fcm/send/x'],
    ['backslash authority', 'https://127.0.0.1\\@fcm.googleapis.com/x'],
    ['backslash in path', 'https://fcm.googleapis.com\\evil/x'],
    ['tab in the host', 'https://fcm.googleapis.c\tom/x'],
    ['newline', 'https://fcm.googleapis.com/x\n'],
    ['space', ' https://fcm.googleapis.com/x'],
    ['no path', 'https://fcm.googleapis.com'],
    ['query straight after the host', 'https://fcm.googleapis.com?x=1'],
    ['the bare apple domain', 'https://push.apple.com/x'],
    ['full-width dot', 'https://fcm.googleapis.com\u3002attacker.com/x'],
    ['too long', `https://fcm.googleapis.com/${'a'.repeat(2048)}`],
  ];
  it.each(refused)('refuses %s', (_label, endpoint) => {
    expect(pushEndpointProblem(endpoint)).not.toBeNull();
    expect(isAllowedPushEndpoint(endpoint)).toBe(false);
  });
});

describe('address classifier', () => {
  const cases: [string, AddressClass][] = [
    // IPv4
    ['8.8.8.8', 'public'],
    ['142.250.70.170', 'public'],
    ['17.253.144.10', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['192.168.1.1', 'private'],
    ['192.169.0.1', 'public'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['169.253.0.1', 'public'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['2607:f8b0:4004:c1b::5f', 'public'],
    ['2a03:2880:f12f:83:face:b00c::25de', 'public'],
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:0', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link-local'],
    ['FE80::abcd', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'], // Teredo
    ['2002:7f00:1::1', 'reserved'], // 6to4 around 127.0.0.1
    ['2002:808:808::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::7f00:1', 'reserved'], // IPv4-compatible (deprecated)
    ['::127.0.0.1', 'reserved'],
    ['::ffff:0:7f00:1', 'reserved'], // IPv4-translated
    ['64:ff9b:1::a00:1', 'reserved'], // local-use NAT64
    // IPv4-mapped IPv6: classified as the IPv4 address a dual-stack socket reaches
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:7F00:0001', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['0000:0000:0000:0000:0000:ffff:127.0.0.1', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a01:203', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['::ffff:172.20.0.1', 'private'],
    ['::ffff:100.100.0.1', 'shared'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:224.0.0.1', 'multicast'],
    ['::ffff:8.8.8.8', 'public'],
    // NAT64 well-known prefix: the gateway connects to the embedded IPv4 address
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::808:808', 'public'],
    // Not a plain canonical address: never trusted
    ['', 'invalid'],
    ['localhost', 'invalid'],
    ['127.1', 'invalid'],
    ['2130706433', 'invalid'],
    ['0x7f.0.0.1', 'invalid'],
    ['0177.0.0.1', 'invalid'],
    ['127.000.000.001', 'invalid'],
    ['256.0.0.1', 'invalid'],
    ['1.2.3.4.5', 'invalid'],
    ['fe80::1%eth0', 'invalid'],
    ['::1%lo', 'invalid'],
    ['1::2::3', 'invalid'],
    ['12345::1', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
    [':::1', 'invalid'],
    ['::ffff:127.0.0.1.5', 'invalid'],
    ['::ffff:1.2.3', 'invalid'],
  ];
  it.each(cases)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
    expect(isPublicAddress(address)).toBe(expected === 'public');
  });
});
