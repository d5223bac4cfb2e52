/** The main header (SPEC 1): top bar, logo, search, cart summary, desktop and mobile menus. */
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { useRootData } from '~/root';
import { useVisitor } from '~/state/visitor';
import { CartSummary } from './cart-summary';
import { CategoryMegaMenu } from './category-mega-menu';
import { LogoutIcon, MenuIcon, PhoneIcon, UserIcon } from './icons';
import { Logo } from './logo';
import { MobileCategoryMenu } from './mobile-category-menu';
import { PriceBasisSwitch } from './price';
import { SearchBox } from './search-box';

export function MainHeader() {
  const { shop, categories } = useRootData();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  return (
    <header className="bg-white shadow-sm">
      <TopBar phones={[shop.phones.sales, shop.phones.office]} />
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 md:gap-6 md:py-4">
        {/* A link to the menu, which CSS shows when it is the address's target: it opens without JavaScript too. */}
        <a
          href="#mobile-category-menu"
          role="button"
          className="-ml-1 rounded-md p-2 text-stone-700 hover:bg-stone-100 lg:hidden"
          aria-label="Open the category menu"
          aria-expanded={mobileMenuOpen}
          aria-controls="mobile-category-menu"
          onClick={(event) => {
            event.preventDefault();
            setMobileMenuOpen(true);
          }}
        >
          <MenuIcon />
        </a>
        <Logo name={shop.tradingName} />
        <div className="hidden flex-1 md:block">
          <SearchBox />
        </div>
        <div className="ml-auto md:ml-0">
          <CartSummary />
        </div>
      </div>
      {/* Phones: the top bar has no room for the price switch, so it sits beside the search box. */}
      <div className="flex items-center gap-2 px-4 pb-3 md:hidden">
        <div className="min-w-0 flex-1">
          <SearchBox />
        </div>
        <PriceBasisSwitch tone="light" className="text-xs" />
      </div>
      <CategoryMegaMenu categories={categories} />
      <MobileCategoryMenu categories={categories} open={mobileMenuOpen} onClose={() => setMobileMenuOpen(false)} />
    </header>
  );
}

function TopBar({ phones }: { phones: string[] }) {
  const { userId, firstName } = useVisitor();
  return (
    <div className="bg-brand-700 text-xs text-brand-50 sm:text-sm" data-testid="top-bar">
      {/* One line at every width: a phone shows the first number only, and a long first name is cut short. */}
      <div className="mx-auto flex max-w-7xl flex-nowrap items-center justify-between gap-x-3 px-4 py-1.5">
        <div className="flex min-w-0 items-center gap-2.5 sm:gap-5">
          {phones.map((phone, index) => (
            <a
              key={phone}
              href={`tel:${phone.replace(/\s/g, '')}`}
              className={`items-center gap-1.5 whitespace-nowrap hover:text-white ${index > 0 ? 'hidden sm:flex' : 'flex'}`}
            >
              <PhoneIcon width={14} height={14} />
              {phone}
            </a>
          ))}
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-3 sm:gap-5">
          <PriceBasisSwitch className="hidden md:flex" />
          {/* Where a trade buyer looks first: ordering by product code (docs/quick-order.md). A phone's
              top bar has no room for it beside the phone number and the name: there it is at the
              foot of the menu drawer. */}
          <Link to="/quick-order" className="hidden whitespace-nowrap hover:text-white sm:inline" data-testid="quick-order-link">
            Quick Order
          </Link>
          <Link to="/order-history" className="whitespace-nowrap hover:text-white">
            Past Orders
          </Link>
          {userId ? (
            <Form method="post" action="/logout" className="flex items-center gap-2">
              {/* The first name opens My account; the title says where it leads. */}
              <Link
                to="/account"
                title="My account"
                className="flex items-center gap-1 font-medium text-white hover:underline"
                data-testid="user-first-name"
              >
                <UserIcon width={14} height={14} />
                <span className="max-w-[6rem] truncate sm:max-w-none">{firstName ?? ''}</span>
              </Link>
              <button type="submit" aria-label="Log out" title="Log out" className="rounded p-1 hover:bg-brand-600 hover:text-white">
                <LogoutIcon width={16} height={16} />
              </button>
            </Form>
          ) : (
            <Link to="/signin" className="flex items-center gap-1 hover:text-white">
              <UserIcon width={14} height={14} /> Login
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
