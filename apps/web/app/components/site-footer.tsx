/** Footer (SPEC 1): every policy link, the e-mail link, contact details and opening hours. */
import { Link } from 'react-router';
import { useRootData } from '~/root';
import { MailIcon, PhoneIcon } from './icons';
import { usePriceDisplay } from './price';

export const footerLinks = [
  { to: '/about', label: 'About us' },
  { to: '/delivery-information', label: 'Delivery Services & Costs' },
  { to: '/terms', label: 'Term & Condition' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/contact', label: 'Contact us' },
  { to: '/return-policy', label: 'Returns & Exchange' },
  { to: '/payment-policy', label: 'Payments Policy' },
];

export function SiteFooter() {
  const { shop } = useRootData();
  const { basis } = usePriceDisplay();
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{shop.tradingName}</p>
          <p className="mt-2 text-sm italic text-stone-400">‘{shop.motto}’</p>
          <address className="mt-4 text-sm leading-relaxed not-italic">
            {shop.companyName}
            <br />
            {shop.address.line1}, {shop.address.line2}
            <br />
            {shop.address.town} {shop.address.postcode}
          </address>
        </div>
        <nav aria-label="Information">
          <p className="font-semibold text-white">Information</p>
          <ul className="mt-3 space-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="font-semibold text-white">Get in touch</p>
          <ul className="mt-3 space-y-2 text-sm">
            {[shop.phones.sales, shop.phones.office].map((phone) => (
              <li key={phone}>
                <a href={`tel:${phone.replace(/\s/g, '')}`} className="flex items-center gap-2 hover:text-white">
                  <PhoneIcon width={14} height={14} /> {phone}
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${shop.email}`} className="flex items-center gap-2 hover:text-white">
                <MailIcon width={14} height={14} /> {shop.email}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <p className="font-semibold text-white">Opening hours</p>
          <ul className="mt-3 space-y-1 text-sm">
            {shop.openingHours.map((row) => (
              <li key={row.days} className="flex justify-between gap-4">
                <span>{row.days}</span>
                <span className="text-stone-400">{row.hours}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-stone-400">All prices are shown {basis === 'inc' ? 'including' : 'excluding'} VAT.</p>
        </div>
      </div>
      <div className="border-t border-stone-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-stone-400">
          © {new Date().getFullYear()} {shop.companyName}. Registered in England and Wales, company no. {shop.companyNumber}. VAT no. {shop.vatNumber}.
        </p>
      </div>
    </footer>
  );
}
