import { describe, expect, it } from 'vitest';
import { LOCAL_PATH_MAX_LENGTH, returnTarget, safeLocalPath, signInReturningTo, withReturn } from './return-target';
import { pageToGoBackTo } from '~/server/price-display.server';

const search = (query: string) => new URLSearchParams(query);

describe('returnTarget', () => {
  it('turns the return parameter into a path of the shop', () => {
    expect(returnTarget(search('return=delivery'))).toBe('/delivery');
    expect(returnTarget(search('return=order-detail%3ForderId%3D7'))).toBe('/order-detail?orderId=7');
  });

  it('is null without a return parameter', () => {
    expect(returnTarget(search(''))).toBeNull();
  });

  it('never leaves the site', () => {
    expect(returnTarget(search('return=//evil.example'))).toBe('/evil.example');
    expect(returnTarget(search('return=%5C%5Cevil.example'))).toBe('/evil.example');
    expect(returnTarget(search('return=https://evil.example'))).toBe('/landing');
    expect(returnTarget(search('return='))).toBe('/landing');
  });
});

describe('signInReturningTo', () => {
  it('comes back to the page and its query once signed in', () => {
    const signIn = signInReturningTo(new URL('http://shop.test/order-return?orderId=7'));
    expect(signIn).toBe('/signin?return=order-return%3ForderId%3D7');
    expect(returnTarget(new URL(signIn, 'http://shop.test').searchParams)).toBe('/order-return?orderId=7');
  });

  it('is plain /signin for a page it would not go back to', () => {
    expect(signInReturningTo(new URL(`http://shop.test/order-return?orderId=${'7'.repeat(LOCAL_PATH_MAX_LENGTH)}`))).toBe('/signin');
    expect(signInReturningTo(new URL('http://shop.test/order-return?orderId=7&from=a@b'))).toBe('/signin');
  });
});

describe('the page to go back to (cookie banner, prices switch, sign-in)', () => {
  it('is bounded: a 100 kB redirectTo is not echoed into Location, the shop\'s landing page is', () => {
    const huge = `/products?q=${'a'.repeat(100 * 1024)}`;
    expect(safeLocalPath(huge)).toBeNull();
    expect(pageToGoBackTo(huge)).toBe('/landing');
    const longest = `/products?q=${'a'.repeat(LOCAL_PATH_MAX_LENGTH - 12)}`;
    expect(pageToGoBackTo(longest)).toBe(longest);
  });

  it('is the same rule for the prices switch as for the cookie banner: a path of this shop only', () => {
    expect(pageToGoBackTo('/products?search=big+box')).toBe('/products?search=big+box');
    expect(pageToGoBackTo('//evil.example/x')).toBe('/evil.example/x');
    expect(pageToGoBackTo('https://evil.example')).toBe('/landing');
    expect(pageToGoBackTo(undefined)).toBe('/landing');
  });
});

describe('withReturn', () => {
  it('keeps the return parameter on links between the account pages', () => {
    expect(withReturn('/signup', search('return=delivery'))).toBe('/signup?return=delivery');
    expect(withReturn('/signup', search(''))).toBe('/signup');
  });
});
