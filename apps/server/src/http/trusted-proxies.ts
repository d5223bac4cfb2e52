/**
 * Which peers may speak for the client through X-Forwarded-* headers (TRUST_PROXY), compiled
 * once for Fastify (request.ip and request.protocol; HSTS is sent over HTTPS only).
 */
import proxyAddr from '@fastify/proxy-addr';

export type TrustProxy = (address: string, hop: number) => boolean;

/** `false` trusts no proxy; otherwise a comma-separated list such as 'loopback' or '10.0.0.0/8'. */
export function trustedProxies(setting: boolean | string): TrustProxy {
  if (setting === false) return () => false;
  if (setting === true) return () => true;
  return proxyAddr.compile(setting.split(',').map((value) => value.trim()));
}
