/**
 * The optional second factor of staff sign-in: TOTP (RFC 6238: SHA-1, 6 digits, 30 s, what every
 * authenticator app reads from a QR code) and one-time recovery codes.
 *
 * - A code is accepted one step either side of now (clock drift between phone and server).
 * - A code once used is refused again for as long as it stays valid: the last accepted step per
 *   staff member is remembered in this process (a restart forgets it; the window is 90 s).
 * - Recovery codes: 10 random codes shown once, stored as SHA-256 hashes, each works once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = 'staff', issuer = 'Back office'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI an authenticator app reads (from the QR code). */
export function totpUri(secret: string, label: string, issuer: string): string {
  return totpOf(secret, label, issuer).toString();
}

/** The QR code of the URI as an SVG document (rendered inline by the page; no request leaves the shop). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The current code (tests, and the enrolment's own check). */
export function totpCode(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/** The time step a code belongs to if it is valid at `at` (one step either side), else null. */
export function totpStepOf(secret: string, code: string, at: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: at.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Remembers the last accepted step per staff member, so one code signs in once. */
export class UsedTotpSteps {
  private readonly lastStep = new Map<number, number>();

  /** Accepts the step if it is later than the last one used by this staff member. */
  accept(staffId: number, step: number): boolean {
    const last = this.lastStep.get(staffId);
    if (last !== undefined && step <= last) return false;
    this.lastStep.set(staffId, step);
    return true;
  }
}

/** 10 codes such as `k7qm-3xzp-a9tf` (about 59 random bits each), from an alphabet without look-alikes. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(12);
    const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Codes are compared without case, spaces or dashes, as people type them. */
export function normalisedRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalisedRecoveryCode(code)).digest('hex');
}
