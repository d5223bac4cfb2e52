/**
 * The browser's typed client of the JSON API. It counts requests in flight (the loading bar
 * listens) and sends the signed-in customer's token as a Bearer header.
 */
import { readStored, storageKeys } from './browser-storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string; [key: string]: unknown } | null,
  ) {
    super(body?.message ?? `Request failed (${status})`);
  }
}

let pending = 0;
const listeners = new Set<() => void>();

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pendingRequests(): number {
  return pending;
}

function setPending(delta: number): void {
  pending += delta;
  for (const listener of listeners) listener();
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
}

export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = readStored(storageKeys.token);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  setPending(1);
  try {
    const response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const data = text ? (JSON.parse(text) as unknown) : null;
    if (!response.ok) throw new ApiError(response.status, data as ApiError['body']);
    return data as T;
  } finally {
    setPending(-1);
  }
}
