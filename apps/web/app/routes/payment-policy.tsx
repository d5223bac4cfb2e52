import type { MetaFunction } from 'react-router';
import { Link } from 'react-router';
import { pageMeta } from '~/components/page-meta';
import { StaticPage, telHref } from '~/components/static-page';
import { useRootData } from '~/root';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Payments Policy',
    'Ways to pay for your packaging order: credit or debit card, PayPal, bank transfer (BACS) or a credit account, and how VAT is charged.',
    'payment methods, bank transfer, BACS, PayPal, credit account, card payment',
  );

export default function PaymentPolicyPage() {
  const { shop } = useRootData();
  const { bank } = shop;
  return (
    <StaticPage
      title="Payments Policy"
      intro={<p>Pay the way that suits you: by card, PayPal, bank transfer or, for approved business customers, on account.</p>}
    >
      <h2>Prices and VAT</h2>
      <p>
        All prices on our website are shown in pounds sterling (£) and exclude VAT. VAT is added at the current rate of{' '}
        {shop.vatRatePercent}% and shown separately in your basket, at checkout and on your invoice, together with any delivery
        charge.
      </p>

      <h2>Ways to pay</h2>
      <h3>Credit or debit card</h3>
      <p>
        We accept Visa, Mastercard and Maestro credit and debit cards. Your card is charged when you place your order. Card
        payments are processed securely by our payment provider and may ask you to confirm the payment with your bank (3-D
        Secure). We never see or store your full card details.
      </p>

      <h3>Wallet payment (PayPal)</h3>
      <p>
        Choose PayPal at checkout to pay from your PayPal balance, a linked bank account or card, or with PayPal’s pay-later
        options where available. You will be asked to log in to PayPal to approve the payment, then brought back to our website
        to see your order.
      </p>

      <h3>Bank transfer (BACS)</h3>
      <p>
        Choose bank transfer at checkout, then send the order total to the account below from your online banking. Please use
        your payment reference so that we can match your payment to your order: it is <strong>{bank.referencePrefix}</strong>{' '}
        followed by your customer number (for example {bank.referencePrefix}1234), and is shown on the payment page when you
        choose bank transfer.
      </p>
      <dl className="mb-4 grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-stone-200 bg-stone-50 px-5 py-4 text-sm">
        <dt className="text-stone-600">Payee</dt>
        <dd className="font-medium text-stone-900">{bank.payee}</dd>
        <dt className="text-stone-600">Bank</dt>
        <dd className="font-medium text-stone-900">{bank.bankName}</dd>
        <dt className="text-stone-600">Sort code</dt>
        <dd className="font-mono font-medium text-stone-900">{bank.sortCode}</dd>
        <dt className="text-stone-600">Account number</dt>
        <dd className="font-mono font-medium text-stone-900">{bank.accountNumber}</dd>
        <dt className="text-stone-600">Reference</dt>
        <dd className="font-medium text-stone-900">
          <span className="font-mono">{bank.referencePrefix}</span> + your customer number
        </dd>
      </dl>
      <p>
        Orders paid by bank transfer are dispatched once the payment has reached our account, which is usually the same or the
        next working day.
      </p>

      <h3>Credit account</h3>
      <p>
        Established businesses can apply for a credit account. Once your account is approved, you can order without paying
        upfront and we will invoice you on dispatch. Payment is due within 7 days of the invoice date. We may suspend deliveries
        on accounts that are overdue, and may charge interest and compensation on late payments under the Late Payment of
        Commercial Debts (Interest) Act 1998.
      </p>
      <p>
        To apply, call our office on <a href={telHref(shop.phones.office)}>{shop.phones.office}</a> or e-mail{' '}
        <a href={`mailto:${shop.email}`}>{shop.email}</a> with your company name, registered number and trade references.
      </p>

      <h2>Invoices and receipts</h2>
      <p>
        You will receive a VAT invoice for every order. You can see your orders and their payment references at any time under{' '}
        <Link to="/order-history">Past Orders</Link>.
      </p>

      <h2>Refunds</h2>
      <p>
        Refunds are paid to the method you used to pay, within 30 days. Refunds for bank transfers are paid to the account the
        payment came from. See our <Link to="/return-policy">returns and exchange policy</Link> for details.
      </p>

      <h2>Payment security</h2>
      <p>
        Our website uses an encrypted (HTTPS) connection throughout. We will never ask for your password or your full card
        details by phone or e-mail. If you receive a message asking you to change our bank details, please call us on{' '}
        <a href={telHref(shop.phones.sales)}>{shop.phones.sales}</a> to check before making any payment.
      </p>
    </StaticPage>
  );
}
