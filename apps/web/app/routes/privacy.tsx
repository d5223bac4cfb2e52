import type { MetaFunction } from 'react-router';
import { Link } from 'react-router';
import { storageKeys } from '@shop/contract/browser';
import { pageMeta } from '~/components/page-meta';
import { StaticPage } from '~/components/static-page';
import { useRootData } from '~/root';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Privacy Policy',
    'How we collect, use and protect your personal data under the UK GDPR, your rights, and how our website uses cookies and browser storage.',
    'privacy policy, UK GDPR, data protection, cookies, personal data',
  );

const browserStorage: Array<{ key: string; purpose: string; kept: string }> = [
  { key: storageKeys.sessionId, purpose: 'Identifies your basket while you shop without signing in.', kept: 'until you clear your browser data' },
  { key: storageKeys.userId, purpose: 'Remembers which customer account you are signed in to.', kept: 'until you log out' },
  { key: storageKeys.token, purpose: 'Proves to our server that you are signed in, so that we can show your orders and addresses.', kept: 'until you log out or it expires' },
  { key: storageKeys.categories, purpose: 'A copy of our product categories, so that menus load quickly.', kept: 'until you clear your browser data; refreshed when our categories change' },
  { key: storageKeys.cookieAccepted, purpose: 'Remembers that you have accepted our cookie notice, so that it is not shown again.', kept: 'until you clear your browser data' },
];

export default function PrivacyPage() {
  const { shop } = useRootData();
  return (
    <StaticPage
      title="Privacy Policy"
      intro={<p>We respect your privacy. This policy explains what personal data we collect, why we collect it and how we look after it.</p>}
    >
      <h2>Who we are</h2>
      <p>
        {shop.companyName} (trading as {shop.tradingName}), {shop.address.line1}, {shop.address.line2}, {shop.address.town}{' '}
        {shop.address.postcode}, is the controller of the personal data described in this policy. We process it in line with
        the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. You can contact us about privacy
        at <a href={`mailto:${shop.email}`}>{shop.email}</a>.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, e-mail address, phone number and password (stored only in a securely
          hashed form).
        </li>
        <li>
          <strong>Addresses:</strong> the delivery and billing addresses, contact names and phone numbers you give us.
        </li>
        <li>
          <strong>Orders:</strong> what you buy, your basket, delivery notes and payment references.
        </li>
        <li>
          <strong>Payments:</strong> card and PayPal payments are handled by our payment providers; we receive confirmation of
          the payment but never your full card details.
        </li>
        <li>
          <strong>Correspondence:</strong> messages you send us by e-mail or phone.
        </li>
        <li>
          <strong>Technical data:</strong> your IP address and basic details of your browser, kept in our server logs for
          security.
        </li>
      </ul>

      <h2>How and why we use it</h2>
      <ul>
        <li>To take, deliver and support your orders, and manage your account (to perform our contract with you).</li>
        <li>To keep accounting and tax records (to meet our legal obligations).</li>
        <li>To keep our website secure and prevent fraud (our legitimate interests).</li>
        <li>
          To tell you about offers, but only where you have agreed to this or are an existing customer; you can opt out at any
          time.
        </li>
      </ul>
      <p>We do not sell your personal data, and we do not make automated decisions about you.</p>

      <h2>Who we share it with</h2>
      <p>
        We share only what is needed with the carriers who deliver your orders, our payment providers, our IT and hosting
        providers, and our accountants and professional advisers. They may only use your data to provide their services to us.
        If any of your data is transferred outside the UK, we make sure it is protected by appropriate safeguards.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep order and invoice records for 6 years after the end of the financial year they relate to, as required by HMRC.
        Account details are kept while your account is active and deleted on request, except where we must keep them by law.
      </p>

      <h2>Cookies and browser storage</h2>
      <p>
        When you first visit our website, a cookie banner tells you that ‘This website uses cookies to ensure you get the best
        experience on our website.’ Choosing ‘I Agree’ hides the banner and remembers your choice on this device.
      </p>
      <p>
        We do not use advertising or third-party tracking cookies. To make the shop work, we store a small amount of
        information in your browser’s local storage:
      </p>
      <dl className="mb-4 divide-y divide-stone-200 rounded-lg border border-stone-200 text-sm">
        {browserStorage.map((row) => (
          <div key={row.key} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
            <dt className="font-mono text-xs font-semibold text-stone-900 sm:pt-0.5">{row.key}</dt>
            <dd className="text-stone-700">
              {row.purpose}
              <span className="mt-0.5 block text-stone-600">Kept {row.kept}.</span>
            </dd>
          </div>
        ))}
      </dl>
      <p>
        If you pay with a card or PayPal, the payment provider’s own page or buttons may set cookies, which are covered by its
        own privacy policy. You can clear cookies and local storage at any time in your browser settings; you will then need to
        sign in again and your anonymous basket will be emptied.
      </p>

      <h2>Your rights</h2>
      <p>Under the UK GDPR you have the right to:</p>
      <ul>
        <li>ask for a copy of the personal data we hold about you;</li>
        <li>ask us to correct data that is wrong or incomplete;</li>
        <li>ask us to delete your data, or to restrict how we use it;</li>
        <li>object to our use of your data, including for marketing;</li>
        <li>ask for your data in a portable format; and</li>
        <li>withdraw any consent you have given.</li>
      </ul>
      <p>
        To use any of these rights, e-mail <a href={`mailto:${shop.email}`}>{shop.email}</a> or{' '}
        <Link to="/contact">contact us</Link>. We will reply within one month. If you are unhappy with how we have handled your
        data, you can complain to the Information Commissioner’s Office (ICO) at{' '}
        <a href="https://ico.org.uk" rel="noopener noreferrer">
          ico.org.uk
        </a>
        .
      </p>

      <h2>Changes to this policy</h2>
      <p>We may update this policy from time to time. The current version is always on this page.</p>
    </StaticPage>
  );
}
