/**
 * The shop's details, in one place (DESIGN section 6). The demo values are plainly fictional:
 * a made-up company, Ofcom's drama-reserved phone numbers and an example.com address.
 * The server's configuration may override any of them from the environment.
 */
import type { PublicShopDetails } from '@shop/contract';

export type ShopConfig = PublicShopDetails;

export const demoShopConfig: ShopConfig = {
  companyName: 'Boxwell Packaging Supplies Ltd',
  tradingName: 'Boxwell Packaging',
  companyNumber: '00000000 (demo)',
  vatNumber: 'GB 000 0000 00 (demo)',
  motto: 'Once our customer, always our customer',
  city: 'Leeds',
  address: {
    line1: 'Unit 4, Airedale Trade Park',
    line2: 'Kirkstall Road',
    town: 'Leeds',
    postcode: 'LS4 2AA',
    country: 'United Kingdom',
  },
  phones: { sales: '0113 496 0000', office: '020 7946 0000' },
  email: 'sales@example.com',
  openingHours: [
    { days: 'Monday - Friday', hours: '9am - 5.30pm' },
    { days: 'Saturday', hours: 'Closed' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  vatRatePercent: 20,
  freeDeliveryThreshold: 75,
  deliveryFee: 4.99,
  // Fictional: carriage to remote postcodes (delivery/remote-postcodes.ts), charged on every basket.
  remoteDeliveryFee: 14.99,
  // SPEC section 9: "Quotation valid 30 days".
  quoteValidityDays: 30,
  bank: {
    payee: 'Boxwell Packaging Supplies Ltd',
    bankName: 'Demo Bank plc',
    sortCode: '00-00-00',
    accountNumber: '00000000',
    referencePrefix: 'BXW',
  },
};
