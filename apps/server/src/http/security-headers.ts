/**
 * Security headers for every answer. Pages get a nonce-based Content-Security-Policy from the
 * SSR handler; everything else (API, media) gets a policy that allows nothing to run.
 */
import { randomBytes } from 'node:crypto';

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export function pageContentSecurityPolicy(nonce: string, extraScriptSources: string[] = [], extraConnectSources: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${extraScriptSources.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src 'self' ${extraConnectSources.join(' ')}`.trim(),
    "font-src 'self'",
    "frame-src 'self' https://*.paypal.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const HSTS_HEADER_VALUE = 'max-age=31536000; includeSubDomains';
