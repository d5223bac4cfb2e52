import { describe, expect, it } from 'vitest';
import { accountDetailsRules, accountSettingsMessages, normaliseVatNumber } from './account-rules.ts';
import { accountDetailsBodySchema } from './account-settings.ts';
import { checkForm } from './field-rules.ts';

describe('UK VAT numbers (My account)', () => {
  it.each([
    ['GB123456789', 'GB123456789'],
    ['gb 123 4567 89', 'GB123456789'],
    [' GB 123456789 ', 'GB123456789'],
    ['G B 1 2 3 4 5 6 7 8 9', 'GB123456789'],
    ['GB123456789012', 'GB123456789012'],
    ['GB 123 4567 89 012', 'GB123456789012'],
  ])('%j is stored as %s', (typed, stored) => {
    expect(normaliseVatNumber(typed)).toBe(stored);
    expect(accountDetailsBodySchema.parse({ company_name: null, vat_number: typed, newsletter: false }).vat_number).toBe(stored);
    expect(checkForm({ company_name: '', vat_number: typed }, accountDetailsRules)).toEqual({});
  });

  it.each(['GB12345678', 'GB1234567890', 'GB1234567890123', '123456789', 'XI123456789', 'FR12345678901', 'GBGD001', 'GBHA500', 'GB12345678O', 'GB-123-456-789'])(
    '%j is refused with the field message, by the browser and the API alike',
    (typed) => {
      expect(normaliseVatNumber(typed)).toBeNull();
      expect(checkForm({ company_name: '', vat_number: typed }, accountDetailsRules)).toEqual({ vat_number: accountSettingsMessages.vatNumber });
      const parsed = accountDetailsBodySchema.safeParse({ company_name: null, vat_number: typed, newsletter: false });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['vat_number', accountSettingsMessages.vatNumber]]);
    },
  );

  it('blank or null means none, for the VAT number and the company name', () => {
    expect(accountDetailsBodySchema.parse({ company_name: '   ', vat_number: '  ', newsletter: true })).toEqual({ company_name: null, vat_number: null, newsletter: true });
    expect(accountDetailsBodySchema.parse({ company_name: null, vat_number: null, newsletter: false })).toEqual({ company_name: null, vat_number: null, newsletter: false });
  });

  it('a company name is 1-100 characters after trimming', () => {
    expect(accountDetailsBodySchema.parse({ company_name: ` ${'x'.repeat(100)} `, vat_number: null, newsletter: false }).company_name).toHaveLength(100);
    const long = accountDetailsBodySchema.safeParse({ company_name: 'x'.repeat(101), vat_number: null, newsletter: false });
    expect(long.error?.issues[0]?.message).toBe(accountSettingsMessages.companyName);
  });
});
