/** Configuration: what the environment means when a variable is left out. */
import { describe, expect, it } from 'vitest';
import { loadConfig, ownBaseUrl } from './config.ts';

describe('PUBLIC_BASE_URL (links in e-mails)', () => {
  it('defaults to the port actually served, on localhost when the server listens on every interface', () => {
    expect(loadConfig({}).publicBaseUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', HOST: '::' }).publicBaseUrl).toBe('http://localhost:8080');
  });

  it('names HOST when the server listens on one address only (IPv6 in brackets)', () => {
    expect(loadConfig({ PORT: '4000', HOST: '127.0.0.1' }).publicBaseUrl).toBe('http://127.0.0.1:4000');
    expect(loadConfig({ PORT: '4000', HOST: 'shop.internal' }).publicBaseUrl).toBe('http://shop.internal:4000');
    expect(loadConfig({ PORT: '4000', HOST: '::1' }).publicBaseUrl).toBe('http://[::1]:4000');
    expect(ownBaseUrl('[::1]', 4000)).toBe('http://[::1]:4000');
  });

  it('takes PUBLIC_BASE_URL when set (a proxy or domain in front), without a trailing slash', () => {
    expect(loadConfig({ PORT: '8080', PUBLIC_BASE_URL: 'https://shop.example.com/' }).publicBaseUrl).toBe('https://shop.example.com');
    expect(loadConfig({ PORT: '8080', PUBLIC_BASE_URL: '' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'shop.example.com' })).toThrow(/PUBLIC_BASE_URL must be a URL/);
  });
});

describe('REMOTE_DELIVERY_FEE (carriage to remote postcodes)', () => {
  it('defaults to the demo shop\'s £14.99 and takes pounds and pence', () => {
    expect(loadConfig({}).shop.remoteDeliveryFee).toBe(14.99);
    expect(loadConfig({ REMOTE_DELIVERY_FEE: '' }).shop.remoteDeliveryFee).toBe(14.99);
    expect(loadConfig({ REMOTE_DELIVERY_FEE: '9.5' }).shop.remoteDeliveryFee).toBe(9.5);
    expect(loadConfig({ REMOTE_DELIVERY_FEE: '0' }).shop.remoteDeliveryFee).toBe(0);
  });

  it.each(['-1', '14.999', 'free', '£14.99'])('refuses %j at start', (value) => {
    expect(() => loadConfig({ REMOTE_DELIVERY_FEE: value })).toThrow(/REMOTE_DELIVERY_FEE must be an amount in pounds and pence/);
  });
});

describe('credit control and the scheduler (CREDIT_STOP_DAYS_OVERDUE, CREDIT_CONTROL_TIME, SCHEDULED_JOBS)', () => {
  it('stops an account after 7 days overdue and runs credit control at 07:00 unless told otherwise; the scheduler runs unless turned off', () => {
    expect(loadConfig({}).jobs).toMatchObject({ stopAfterDaysOverdue: 7, scheduled: true });
    expect(loadConfig({ CREDIT_STOP_DAYS_OVERDUE: '14', SCHEDULED_JOBS: '0' }).jobs).toMatchObject({ stopAfterDaysOverdue: 14, scheduled: false });
    expect(loadConfig({}).jobs.creditControlAt).toEqual({ hour: 7, minute: 0 });
    expect(loadConfig({ CREDIT_CONTROL_TIME: '18:30' }).jobs.creditControlAt).toEqual({ hour: 18, minute: 30 });
    expect(() => loadConfig({ CREDIT_CONTROL_TIME: '7am' })).toThrow('CREDIT_CONTROL_TIME must be a time of day as HH:MM, for example 07:00');
  });

  it.each(['-1', '7.5', 'a week', '366'])('refuses CREDIT_STOP_DAYS_OVERDUE=%j at start', (value) => {
    expect(() => loadConfig({ CREDIT_STOP_DAYS_OVERDUE: value })).toThrow(/CREDIT_STOP_DAYS_OVERDUE must be a whole number of days from 0 to 365/);
  });
});

describe('the supplier on VAT invoices (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_VAT_NUMBER)', () => {
  it('defaults to the fictional demo company, its address and a VAT number marked demo', () => {
    const { shop } = loadConfig({});
    expect(shop.companyName).toBe('Boxwell Packaging Supplies Ltd');
    expect(shop.vatNumber).toBe('GB 000 0000 00 (demo)');
    expect(shop.address.postcode).toBe('LS4 2AA');
    expect(loadConfig({ SHOP_NAME: 'Acme Boxes Ltd' }).shop.companyName).toBe('Acme Boxes Ltd');
  });

  it('takes the legal name, the VAT number and a multi-line address (new lines, \\n or |)', () => {
    const { shop } = loadConfig({
      SHOP_NAME: 'Acme',
      SHOP_LEGAL_NAME: 'Acme Boxes Ltd',
      SHOP_VAT_NUMBER: 'GB 123 4567 89',
      SHOP_ADDRESS: 'Unit 9, Canal Works\\nMill Lane|Bradford\nbd1 1aa',
    });
    expect(shop.companyName).toBe('Acme Boxes Ltd');
    expect(shop.vatNumber).toBe('GB 123 4567 89');
    expect(shop.address).toEqual({ line1: 'Unit 9, Canal Works', line2: 'Mill Lane', town: 'Bradford', postcode: 'BD1 1AA', country: 'United Kingdom' });
    expect(shop.city).toBe('Bradford');
    expect(loadConfig({ SHOP_ADDRESS: '1 High Street|Belfast|BT1 1AA|Northern Ireland' }).shop.address).toMatchObject({ line1: '1 High Street', line2: '', town: 'Belfast', country: 'Northern Ireland' });
  });

  it.each(['Leeds', '1 High Street|LS1 1AA', '1 High Street|Leeds|not a postcode'])('refuses SHOP_ADDRESS %j at start', (value) => {
    expect(() => loadConfig({ SHOP_ADDRESS: value })).toThrow(/SHOP_ADDRESS must have a street line, a town and a UK postcode/);
  });
});

describe('JOB_WORKER (no longer read: the job worker always runs in the request thread)', () => {
  it('an environment that still sets it, to any value, starts as before', () => {
    expect(loadConfig({ JOB_WORKER: 'thread' })).toEqual(loadConfig({}));
    expect(loadConfig({ JOB_WORKER: 'elsewhere' })).toEqual(loadConfig({}));
  });
});
