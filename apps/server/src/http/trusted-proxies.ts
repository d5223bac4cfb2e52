/**
 * Which peers may speak for the client through X-Forwarded-* headers (TRUST_PROXY). Compiled
 * once and given both to Fastify and to the cached-read fast path, so the two always agree on
 * a request's protocol (HSTS is sent over HTTPS only).
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export type TrustProxy = (address: string, hop: number) => boolean;

/** `false` trusts no proxy; otherwise a comma-separated list such as 'loopback' or '10.0.0.0/8'. */
export function trustedProxies(setting: boolean | string): TrustProxy {
  if (setting === false) return () => false;
  if (setting === true) return () => true;
  return proxyAddr.compile(setting.split(',').map((value) => value.trim()));
}

/** 'https' or 'http' as Fastify's request.protocol would answer for this request. */
export function requestProtocol(request: IncomingMessage, trust: TrustProxy): string {
  const forwarded = lastRawHeader(request, 'x-forwarded-proto');
  const socket = request.socket as IncomingMessage['socket'] & { encrypted?: boolean };
  if (forwarded && socket.remoteAddress !== undefined && trust(socket.remoteAddress, 0)) {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  }
  return socket.encrypted ? 'https' : 'http';
}

/**
 * The last value of a header, read from the raw header list: node builds `request.headers`
 * lazily, and the cached-read fast path stays cheaper without it. `name` is lower case.
 */
export function lastRawHeader(request: IncomingMessage, name: string): string | undefined {
  const raw = request.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) value = raw[i + 1];
  }
  return value;
}
