import { describe, expect, it } from 'vitest';
import { returnTarget, withReturn } from './return-target';

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

describe('withReturn', () => {
  it('keeps the return parameter on links between the account pages', () => {
    expect(withReturn('/signup', search('return=delivery'))).toBe('/signup?return=delivery');
    expect(withReturn('/signup', search(''))).toBe('/signup');
  });
});
