/**
 * Where a browser push may go (issue 28, finding 5: "push endpoints can point inside").
 *
 * A push subscription's endpoint is a URL the browser gives us, and sending a push opens a connection to
 * it. Stored as anybody likes, it would make the server connect to 127.0.0.1, the cloud metadata address
 * or any host on the private network (SSRF). So:
 *  - an endpoint is accepted only as `https://<a browser push service's host>/...`: PUSH_SERVICES below
 *    is the one list of those hosts (the subscribe route's schema and the sender both use it);
 *  - the sender connects through PushServiceAgent, which checks the host actually connected to against the
 *    same list, refuses IP-literal hosts, and resolves names with guardedLookup: every address the name
 *    resolves to must be a public unicast one (never loopback, private, CGNAT, link-local, unique-local,
 *    multicast, reserved, nor an IPv4-mapped/NAT64 form of those), checked on the very addresses the socket
 *    then connects to, so DNS rebinding of a listed name to 127.0.0.1 fails too.
 */
import dns from 'node:dns';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';

/** A push service's host: `exact` is the host itself; `subdomains` is any host under it (never itself). */
export type PushServiceHost = { exact: string } | { subdomains: string };

/**
 * The browsers' push services. Exact hosts unless the vendor hands out many hosts under one domain.
 * Staging and development hosts (Chrome's jmt17.google.com, Mozilla's *.mozaws.net) are left out on purpose.
 */
export const PUSH_SERVICES: readonly { service: string; host: PushServiceHost }[] = [
  // Google Firebase Cloud Messaging: Chrome, Edge on Android, Opera, Samsung Internet, Brave, Vivaldi.
  // Endpoints are https://fcm.googleapis.com/fcm/send/<token> or https://fcm.googleapis.com/wp/<token>.
  { service: 'Google FCM', host: { exact: 'fcm.googleapis.com' } },
  // Google Cloud Messaging, FCM's predecessor: https://android.googleapis.com/gcm/send/<token> from
  // subscriptions made by older Chrome versions (web-push itself still knows this form).
  { service: 'Google GCM (legacy)', host: { exact: 'android.googleapis.com' } },
  // Mozilla autopush: Firefox on desktop and Android, https://updates.push.services.mozilla.com/wpush/v1|v2/...
  { service: 'Mozilla autopush', host: { exact: 'updates.push.services.mozilla.com' } },
  // Mozilla's push service's own host (the browsers' connection to autopush); Mozilla-run, kept for older
  // subscriptions naming it.
  { service: 'Mozilla push', host: { exact: 'push.services.mozilla.com' } },
  // Apple Push Notification service for the web: Safari on macOS 13+, iOS/iPadOS 16.4+. Endpoints are
  // https://web.push.apple.com/<token> today; Apple's documentation asks servers that restrict endpoints to
  // allow *.push.apple.com, so any host under push.apple.com (Apple's own domain) is accepted.
  { service: 'Apple Push', host: { subdomains: 'push.apple.com' } },
  // Windows Push Notification Services: Edge on Windows, https://<region>.notify.windows.com/w/?token=...
  // (for example wns2-par02p.notify.windows.com): the host varies, all under notify.windows.com.
  { service: 'Microsoft WNS', host: { subdomains: 'notify.windows.com' } },
];

/** What a user sees when the endpoint they send is refused (the subscribe route's schema). */
export const PUSH_ENDPOINT_MESSAGE =
  "This push endpoint is not accepted: it must be an https address of a browser's push service (Google, Mozilla, Apple or Microsoft).";

export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** One DNS label as it appears in a normalised (lower-case, punycode) host name. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const stripBrackets = (host: string) =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

/** True for an IP address written as a host (`127.0.0.1`, `[::1]`, `::ffff:7f00:1`). */
export function isIpLiteral(host: string): boolean {
  return net.isIP(stripBrackets(host)) !== 0;
}

/**
 * True when `hostname` (lower case, no port, no trailing dot) is a listed push service's host: equal to an
 * exact entry, or one or more well-formed labels followed by `.` and a subdomains entry. So
 * `evil-fcm.googleapis.com`, `fcm.googleapis.com.attacker.com`, `push.apple.com` itself and
 * `x.push.apple.com.` are all refused.
 */
export function isAllowedPushHost(hostname: string): boolean {
  if (typeof hostname !== 'string' || hostname.length === 0 || hostname.length > 253) return false;
  if (isIpLiteral(hostname)) return false;
  const labels = hostname.split('.');
  if (!labels.every((l) => LABEL.test(l))) return false;
  return PUSH_SERVICES.some(({ host }) => {
    if ('exact' in host) return hostname === host.exact;
    return hostname.endsWith(`.${host.subdomains}`) && hostname.length > host.subdomains.length + 1;
  });
}

/**
 * Why an endpoint is refused, or null when it is acceptable: `https://<listed host>/<path>`, written
 * exactly so (lower-case host, no user name or password, no port, not even :443, no backslash, space or
 * control character), so every URL parser, including the legacy url.parse web-push uses, reads the same
 * host out of it.
 */
export function pushEndpointProblem(endpoint: unknown): string | null {
  if (typeof endpoint !== 'string') return 'not a string';
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) return 'too long';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (/[\s\\\u0000-\u001f\u007f]/.test(endpoint)) return 'contains a space, backslash or control character';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'carries a user name or password';
  if (url.port !== '') return 'names a port';
  if (isIpLiteral(url.hostname)) return 'names an IP address';
  if (!isAllowedPushHost(url.hostname)) return `host ${url.hostname} is not a listed push service`;
  if (!endpoint.startsWith(`https://${url.hostname}/`)) return 'host not written in its plain form';
  return null;
}

export const isAllowedPushEndpoint = (endpoint: unknown): boolean => pushEndpointProblem(endpoint) === null;

// ---------------------------------------------------------------------------------------------------------
// Addresses

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'documentation'
  | 'reserved'
  | 'invalid';

function parseIPv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map((p) => (p.length > 1 && p.startsWith('0') ? Number.NaN : Number(p)));
  return parts.every((p) => Number.isInteger(p) && p <= 255) ? parts : null;
}

/** Eight 16-bit groups, or null (a zone id such as `fe80::1%eth0` counts as invalid). */
function parseIPv6(s: string): number[] | null {
  if (s.includes('%') || net.isIPv6(s) === false) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        if (i !== pieces.length - 1) return null;
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
        out.push(Number.parseInt(piece, 16));
      }
    }
    return out;
  };
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

function classifyIPv4([a, b, c]: number[]): AddressClass {
  if (a === 0) return 'unspecified'; // 0.0.0.0/8 "this network" (0.0.0.0 reaches the host itself)
  if (a === 10) return 'private'; // 10.0.0.0/8
  if (a === 100 && b! >= 64 && b! <= 127) return 'shared'; // 100.64.0.0/10 carrier-grade NAT
  if (a === 127) return 'loopback'; // 127.0.0.0/8
  if (a === 169 && b === 254) return 'link-local'; // 169.254.0.0/16 (cloud metadata lives here)
  if (a === 172 && b! >= 16 && b! <= 31) return 'private'; // 172.16.0.0/12
  if (a === 192 && b === 0 && c === 0) return 'reserved'; // 192.0.0.0/24 IETF protocol assignments
  if (a === 192 && b === 0 && c === 2) return 'documentation'; // 192.0.2.0/24 TEST-NET-1
  if (a === 192 && b === 88 && c === 99) return 'reserved'; // 192.88.99.0/24 6to4 relay anycast
  if (a === 192 && b === 168) return 'private'; // 192.168.0.0/16
  if (a === 198 && (b === 18 || b === 19)) return 'reserved'; // 198.18.0.0/15 benchmarking
  if (a === 198 && b === 51 && c === 100) return 'documentation'; // 198.51.100.0/24 TEST-NET-2
  if (a === 203 && b === 0 && c === 113) return 'documentation'; // 203.0.113.0/24 TEST-NET-3
  if (a! >= 224 && a! <= 239) return 'multicast'; // 224.0.0.0/4
  if (a! >= 240) return 'reserved'; // 240.0.0.0/4 and 255.255.255.255 broadcast
  return 'public';
}

const v4Of = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];

function classifyIPv6(g: number[]): AddressClass {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified'; // ::
  if (zeros(0, 7) && g[7] === 1) return 'loopback'; // ::1
  // ::ffff:a.b.c.d, IPv4-mapped: a dual-stack socket connects to the IPv4 address itself.
  if (zeros(0, 5) && g[5] === 0xffff) return classifyIPv4(v4Of(g[6]!, g[7]!));
  // 64:ff9b::a.b.c.d, the NAT64 well-known prefix: the gateway connects to the IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return classifyIPv4(v4Of(g[6]!, g[7]!));
  const first = g[0]!;
  if ((first & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  if ((first & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((first & 0xffc0) === 0xfec0) return 'private'; // fec0::/10, the deprecated site-local
  if ((first & 0xfe00) === 0xfc00) return 'unique-local'; // fc00::/7
  // Only global unicast (2000::/3) from here on: the rest (IPv4-compatible ::a.b.c.d, ::ffff:0:a.b.c.d,
  // 100::/64 discard, 64:ff9b:1::/48 local NAT64, ...) is not an address a push service has.
  if ((first & 0xe000) !== 0x2000) return 'reserved';
  if (first === 0x2001 && g[1] === 0x0db8) return 'documentation'; // 2001:db8::/32
  if ((first & 0xfff0) === 0x3ff0) return 'documentation'; // 3fff::/20
  if (first === 0x2001 && g[1]! < 0x0200) return 'reserved'; // 2001::/23 IETF protocol assignments, Teredo
  if (first === 0x2002) return 'reserved'; // 2002::/16 6to4 (carries an IPv4 address)
  return 'public';
}

/** What kind of address this is; anything that is not a plain, canonical IP address is 'invalid'. */
export function classifyAddress(address: string): AddressClass {
  if (typeof address !== 'string') return 'invalid';
  const bare = stripBrackets(address.trim()).toLowerCase();
  if (net.isIPv4(bare)) {
    const v4 = parseIPv4(bare);
    return v4 ? classifyIPv4(v4) : 'invalid';
  }
  const v6 = parseIPv6(bare);
  return v6 ? classifyIPv6(v6) : 'invalid';
}

/** True only for a public unicast address: the only kind a push may be sent to. */
export const isPublicAddress = (address: string): boolean => classifyAddress(address) === 'public';

// ---------------------------------------------------------------------------------------------------------
// Errors, lookup and agent

/** The endpoint (or the host being connected to) is not a listed push service: permanent, never retried. */
export class PushEndpointRefusedError extends Error {
  readonly code = 'PUSH_ENDPOINT_REFUSED';
  constructor(
    readonly target: string,
    readonly reason: string,
  ) {
    super(`push endpoint refused (${reason}): no connection opened`);
    this.name = 'PushEndpointRefusedError';
  }
}

/** A name resolved to an address that is not public: no connection is opened. */
export class PushAddressRefusedError extends Error {
  readonly code = 'PUSH_ADDRESS_REFUSED';
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly addressClass: AddressClass,
  ) {
    super(`push host ${hostname} resolves to a ${addressClass} address (${address}): no connection opened`);
    this.name = 'PushAddressRefusedError';
  }
}

/**
 * dns.lookup, refusing the whole answer when any address in it is not public (so a mix of a public and an
 * internal address cannot slip the internal one in). Answers in the form asked for (`all` or one address).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  const opts = options ?? {};
  dns.lookup(hostname, { ...opts, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || addresses.length === 0) {
      const address = bad?.address ?? '';
      return callback(
        new PushAddressRefusedError(hostname, address, bad ? classifyAddress(address) : 'invalid'),
        '',
      );
    }
    if (opts.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first!.address, first!.family);
  });
};

export interface PushServiceAgentOptions extends https.AgentOptions {
  /** Which host and port may be connected to; default: port 443 of a listed push service's host. */
  allow?: (host: string, port: number) => boolean;
}

const defaultAllow = (host: string, port: number) => port === 443 && isAllowedPushHost(host);

/**
 * An https.Agent for web-push (its `agent` option): every connection it makes is checked where it is made,
 * whatever the URL parser upstream read. The host must pass `allow`, must not be an IP literal (Node
 * connects to those without a lookup), and is resolved only through guardedLookup.
 */
export class PushServiceAgent extends https.Agent {
  readonly #allow: (host: string, port: number) => boolean;

  constructor({ allow = defaultAllow, ...options }: PushServiceAgentOptions = {}) {
    // Kept-alive sockets as Node's global agent (which web-push used before) keeps them.
    super({ keepAlive: true, scheduling: 'lifo', timeout: 5_000, ...options, lookup: guardedLookup });
    this.#allow = allow;
  }

  override createConnection(
    options: https.RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = String(options.host ?? options.hostname ?? '').toLowerCase();
    const port = Number(options.port ?? 443);
    const refuse = (reason: string) => {
      const err = new PushEndpointRefusedError(`${host}:${port}`, reason);
      if (!callback) throw err;
      callback(err, undefined as unknown as Duplex);
      return undefined;
    };
    if (options.socketPath) return refuse('a socket path');
    if (isIpLiteral(host)) return refuse('an IP address as host');
    if (!this.#allow(host, port)) return refuse(`host ${host}:${port} is not a listed push service`);
    return super.createConnection({ ...options, lookup: guardedLookup }, callback);
  }
}
