import { describe, expect, it } from 'vitest';
import { SIGN_IN_CACHE_MAX_ENTRIES, SIGN_IN_CACHE_TTL_MS, SignInCache } from './sign-in-cache.ts';

describe('the sign-ins a process checked lately', () => {
  const start = Date.parse('2026-11-26T12:00:00Z');
  const clock = () => {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('answers a remembered token until a minute has passed, then asks the database again', () => {
    const time = clock();
    const cache = new SignInCache(time.now);
    cache.remember('hash-a', 7, start + 30 * 24 * 3600_000, cache.checkStarts());
    expect(cache.userOf('hash-a')).toBe(7);
    time.advance(SIGN_IN_CACHE_TTL_MS - 1);
    expect(cache.userOf('hash-a')).toBe(7);
    time.advance(1);
    expect(cache.userOf('hash-a')).toBeNull();
  });

  it('never answers a token past its own expiry, even within the minute', () => {
    const time = clock();
    const cache = new SignInCache(time.now);
    cache.remember('hash-a', 7, start + 5_000, cache.checkStarts());
    time.advance(4_999);
    expect(cache.userOf('hash-a')).toBe(7);
    time.advance(1);
    expect(cache.userOf('hash-a')).toBeNull();
  });

  it('keeps nothing whose expiry is not a time', () => {
    const cache = new SignInCache();
    cache.remember('hash-a', 7, Number.NaN, cache.checkStarts());
    expect(cache.userOf('hash-a')).toBeNull();
  });

  it('forgets one token on logout and every token of a user when their sign-ins end', () => {
    const cache = new SignInCache();
    const far = Date.now() + 3600_000;
    cache.remember('alice-phone', 1, far, cache.checkStarts());
    cache.remember('alice-laptop', 1, far, cache.checkStarts());
    cache.remember('bob', 2, far, cache.checkStarts());
    cache.forgetToken('alice-phone');
    expect(cache.userOf('alice-phone')).toBeNull();
    expect(cache.userOf('alice-laptop')).toBe(1);
    cache.signInsChanged('1');
    expect(cache.userOf('alice-laptop')).toBeNull();
    expect(cache.userOf('bob')).toBe(2);
  });

  it('trusts nothing it kept once notifications may have been missed', () => {
    const cache = new SignInCache();
    cache.remember('bob', 2, Date.now() + 3600_000, cache.checkStarts());
    cache.signInsChanged('');
    expect(cache.userOf('bob')).toBeNull();
    cache.remember('bob', 2, Date.now() + 3600_000, cache.checkStarts());
    cache.signInsChanged('not a user id');
    expect(cache.userOf('bob')).toBeNull();
  });

  it('stays bounded: past its size the oldest sign-in goes first', () => {
    const cache = new SignInCache();
    const far = Date.now() + 3600_000;
    for (let n = 0; n < SIGN_IN_CACHE_MAX_ENTRIES + 1; n++) cache.remember(`hash-${n}`, n, far, cache.checkStarts());
    expect(cache.userOf('hash-0')).toBeNull();
    expect(cache.userOf('hash-1')).toBe(1);
    expect(cache.userOf(`hash-${SIGN_IN_CACHE_MAX_ENTRIES}`)).toBe(SIGN_IN_CACHE_MAX_ENTRIES);
  });

  it('keeps nothing from a check that was under way while a sign-in ended: its answer may predate the end', () => {
    const cache = new SignInCache();
    const far = Date.now() + 3600_000;
    const checkStarted = cache.checkStarts();
    cache.signInsChanged('1');
    cache.remember('alice', 1, far, checkStarted);
    expect(cache.userOf('alice')).toBeNull();
    cache.remember('alice', 1, far, cache.checkStarts());
    expect(cache.userOf('alice')).toBe(1);
  });
});
