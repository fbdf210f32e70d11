/**
 * The security headers every answer carries (issue 16), in one place: the app applies them to every
 * route, and bench/http.ts gives the same set to its bare Hono hello, so /api/health is compared with a
 * hello answering what the app must answer (issue 34).
 */
import { secureHeaders } from 'hono/secure-headers';

/**
 * Browser features the app never uses, turned off for every page and anything embedded in it (issue 16).
 * Only features Chromium knows, so it logs no warnings. Notifications and push are not governed by it.
 */
const PERMISSIONS_POLICY = {
  accelerometer: false,
  autoplay: false,
  bluetooth: false,
  browsingTopics: false,
  camera: false,
  displayCapture: false,
  encryptedMedia: false,
  fullscreen: false,
  // The booking's driver shares their position on the day of the trip (issue 30): this origin only.
  geolocation: ['self'],
  gyroscope: false,
  hid: false,
  idleDetection: false,
  magnetometer: false,
  microphone: false,
  midi: false,
  payment: false,
  pictureInPicture: false,
  publickeyCredentialsGet: false,
  screenWakeLock: false,
  serial: false,
  usb: false,
  xrSpatialTracking: false,
};

/** The middleware setting them; HSTS only in production (a development server is plain HTTP). */
export function securityHeaders(opts: { production: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: opts.production ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy: PERMISSIONS_POLICY,
    // A route's own policy wins: uploaded files, avatars, screenshots and the initials SVG are served
    // with "default-src 'none'; sandbox" (issue 16: the app-wide policy used to replace it).
    overwrite: false,
  });
}
