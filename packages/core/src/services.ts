/**
 * The composition root of the domain: builds every service once over one database handle.
 * The server passes these to its routes and to the storefront's loaders (load context).
 */
import type { DatabaseHandle } from '@shop/db';
import { CatalogueRepository } from './catalogue/catalogue-repository.ts';
import { CatalogueService } from './catalogue/catalogue-service.ts';
import type { ShopConfig } from './shop/shop-config.ts';
import { SessionService } from './identity/session-service.ts';
import { CartRepository } from './cart/cart-repository.ts';
import { CartService } from './cart/cart-service.ts';
import { cartPricingRules } from './pricing/cart-totals.ts';
import { AccountService } from './accounts/account-service.ts';
import { TokenService } from './accounts/token-service.ts';
import { AccountClosure } from './accounts/account-closure.ts';
import { CustomerDataExport } from './accounts/customer-data-export.ts';
import { unconfiguredMailer, type Mailer } from './email/mailer.ts';
import { AddressRepository } from './addresses/address-repository.ts';
import { AddressService } from './addresses/address-service.ts';
import { PostcodeProviderUnavailable, PostcodeSearch, type PostcodeLookup } from './postcodes/postcode-lookup.ts';
import type { PaymentRefunds, PaymentVerifier } from './payments/payment-verifier.ts';
import { DueCardPayments } from './payments/due-card-payment.ts';
import { OrderRepository } from './orders/order-repository.ts';
import { OrderService } from './orders/order-service.ts';
import { OrderPlacement } from './orders/order-placement.ts';
import { Reorder } from './orders/reorder.ts';
import { QuickOrder } from './quick-order/quick-order.ts';
import { ShoppingLists } from './shopping-lists/shopping-lists.ts';
import { DispatchPromises } from './delivery/dispatch-promises.ts';
import { TradeAccounts } from './trade-accounts/trade-accounts.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { ShopFiguresReader } from './operations/shop-figures.ts';
import { DEFAULT_JOB_SETTINGS, JobWorker, type JobWorkerLog, type JobWorkerSettings } from './jobs/job-worker.ts';
import { emailJobKinds } from './email/email-jobs.ts';
import { RESET_TOKEN_TTL_MS } from './accounts/token-service.ts';
import { DocumentService } from './documents/document-service.ts';
import { OrderAdministration } from './back-office/orders/order-administration.ts';
import { StaffRepository } from './staff/staff-repository.ts';
import { StaffService } from './staff/staff-service.ts';
import { TrustedDevices } from './identity/trusted-devices.ts';
import { CustomerDirectory } from './back-office/customers/customer-directory.ts';
import { DashboardQueries } from './back-office/dashboard/dashboard-figures.ts';
import { Reports } from './reports/reports.ts';
import { AccountingExports } from './back-office/exports/accounting-exports.ts';
import { VatReturns } from './back-office/exports/vat-return.ts';
import { StockAdministration } from './stock/stock-admin.ts';
import { BackInStockRequests } from './stock/back-in-stock.ts';
import { StockReader } from './stock/stock-reads.ts';
import { CatalogueAdmin } from './catalogue-admin/catalogue-admin.ts';
import { BankStatements } from './back-office/money/bank-statements.ts';
import { Returns } from './returns/returns.ts';
import { LineCancellation } from './back-office/orders/line-cancellation.ts';
import { stockMovements } from './stock/stock-movements.ts';
import { DispatchDesk } from './back-office/dispatch/dispatch-desk.ts';
import { PricedOrderPlacement } from './orders/priced-order-placement.ts';
import { BasketOffers } from './offers/basket-offers.ts';
import { QuoteDesk } from './quotes/quote-desk.ts';
import { PhoneOrders } from './quotes/phone-orders.ts';
import { quoteEmailJobKinds } from './quotes/quote-email.ts';
import { StaffNotes } from './staff-notes/staff-notes.ts';
import { CustomerPrices } from './pricing/customer-prices.ts';
import { PriceLists } from './price-lists/price-lists-admin.ts';
import { OfferAdmin } from './offers/offer-admin.ts';
import { UnplacedPayments } from './payments/unplaced-payments.ts';
import { AccountStatements } from './statements/account-statements.ts';
import { statementEmailJobKinds } from './statements/statement-email.ts';
import { CreditControl } from './credit-control/credit-control.ts';
import { DEFAULT_STOP_AFTER_DAYS_OVERDUE } from './credit-control/credit-stop.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { shopSchedules, type TimeOfDay } from './jobs/shop-schedules.ts';
import { monthlyStatementsJobKinds } from './jobs/monthly-statements-run.ts';
import { Companies } from './companies/companies.ts';
import { Approvals } from './companies/approvals.ts';
import { approvalEmailJobKinds } from './companies/approval-email.ts';

export interface CoreServices {
  shop: ShopConfig;
  catalogue: CatalogueService;
  sessions: SessionService;
  carts: CartService;
  accounts: AccountService;
  /** A customer's data as one ZIP (JSON and the PDFs of their invoices and credit notes), audited. */
  customerData: CustomerDataExport;
  /** Closing an account: sign-ins end, personal details erased, orders and invoices kept (HMRC), audited. */
  accountClosure: AccountClosure;
  addresses: AddressService;
  postcodes: PostcodeSearch;
  orders: OrderService;
  orderPlacement: OrderPlacement;
  /** Card/wallet payments taken whose order could not be placed: returned through the provider by a job, listed for staff. */
  unplacedPayments: UnplacedPayments;
  /** "Order again": a past order's lines still on sale into the basket at today's prices. */
  reorder: Reorder;
  /** Quick order: product codes and numbers of packs (typed, pasted or CSV) checked line by line and added to the basket. */
  quickOrder: QuickOrder;
  /** Shopping lists: the basket saved under a name, put back in the basket; who sees which list is listsVisibleTo's rule. */
  shoppingLists: ShoppingLists;
  /** The dispatch promise ("Order within 2 h 14 min for dispatch today") by the server's clock. */
  dispatch: DispatchPromises;
  /** Durable jobs (e-mails): recorded by the use cases, run by `jobWorker` (started and stopped by the server). */
  jobs: JobQueue;
  jobWorker: JobWorker;
  /** Recurring work (jobs/shop-schedules.ts): each occasion enqueued once across processes (started and stopped by the server). */
  scheduler: Scheduler;
  /** Credit control (docs/credit-control.md): the aged-debt report, the daily reminders and stops, lifting a stop. */
  creditControl: CreditControl;
  /** Orders, money and the job queue's depth, for the metrics (DESIGN section 13). */
  figures: ShopFiguresReader;
  /** The card/wallet payment verifier, or null when only bank transfer is offered. */
  payments: PaymentVerifier | null;
  /** The customer pays by card what is still due on their order (payments/due-card-payment.ts). */
  dueCardPayments: DueCardPayments;
  /** Trade (credit) accounts: pay on account within a limit (the back office opens them). */
  tradeAccounts: TradeAccounts;
  /** A trade customer's open invoices, statement of account (page, PDF, API) and the monthly statement e-mail (docs/statements.md). */
  statements: AccountStatements;
  /** Order documents: VAT invoices (gapless numbers, issued on first download) and picking lists, as PDF. */
  documents: DocumentService;
  /** Staff work on orders: the list, an order's timeline, dispatch, delivery, cancel, payments and refunds. */
  orderAdministration: OrderAdministration;
  /** Staff identity of the back office: accounts, sign-in and sessions, TOTP, the first owner's setup link. */
  staff: StaffService;
  /** Browsers that signed in to an account before: let through with the right password while guessing slows the account down. */
  trustedDevices: TrustedDevices;
  /** Back office customers: search, a customer's details and recent orders, disable (tokens revoked at once) / enable. */
  customerDirectory: CustomerDirectory;
  /** Back office dashboard figures (today's orders, awaiting payment, ready to dispatch, overdue accounts). */
  dashboard: DashboardQueries;
  /** The owner's numbers: sales, best sellers, categories, customers, companies, stock value, slow movers (docs/reports.md). */
  reports: Reports;
  /** Orders and VAT invoices of a date range as streamed CSV for an accounting import (docs/exports.md). */
  accountingExports: AccountingExports;
  /** The sales figures of a VAT return for a period, from invoices minus credit notes by tax point, with the documents behind them. */
  vatReturns: VatReturns;
  /** Catalogue back office: categories, products, packs and prices (audited), images, CSV export and import. */
  catalogueAdmin: CatalogueAdmin;
  /** Bank statements imported as CSV: credits matched to orders by their reference, a dry run, then payments recorded in one go. */
  bankStatements: BankStatements;
  /** Stock (docs/stock.md): the product page's stock settings, goods-in, counts and the low-stock list, audited. */
  stock: StockAdministration;
  /** The storefront's stock: labels of sizes and products (a small read outside the catalogue cache), the basket's checks. */
  stockReader: StockReader;
  /** "Email me when it is back in stock": requests for sizes out of stock, e-mailed once when stock comes back. */
  backInStock: BackInStockRequests;
  /** Returns and claims within SPEC 9's windows: the customer's request, staff's decision, goods received, refund or replacement. */
  returns: Returns;
  /** Lines of an order that cannot be supplied, cancelled by staff: totals recomputed, allocation released, the customer told. */
  lineCancellation: LineCancellation;
  /** The dispatch desk: the ready-to-dispatch queue, and many orders dispatched at once (tracking numbers typed or from a carrier's CSV). */
  dispatchDesk: DispatchDesk;
  /** Sales desk: quote requests, pricing and sending (PDF e-mailed), acceptance into an order (docs/sales-desk.md). */
  quotes: QuoteDesk;
  /** Orders from given lines at given prices (an accepted quote, a phone order), by the same rules as checkout. */
  pricedOrders: PricedOrderPlacement;
  /** Orders taken by staff on the phone: new customers, packs at catalogue prices, on account, bank transfer or a card link. */
  phoneOrders: PhoneOrders;
  /** Internal notes staff keep on orders and customers: staff only, never on anything a customer reads. */
  staffNotes: StaffNotes;
  /** A signed-in customer's prices from their price lists, laid over the public catalogue (decision record 019). */
  customerPrices: CustomerPrices;
  /** Back office price lists: names, entries, customers, CSV export and import with a dry run (docs/price-lists.md). */
  priceLists: PriceLists;
  /** Back office offers: discount codes and automatic offers listed with their cost, made, ended early (offers/offer-admin.ts). */
  offerAdmin: OfferAdmin;
  /** Trade companies (docs/companies.md): members, roles, invitations, spending limits. */
  companies: Companies;
  /** A buyer's orders over a limit, waiting for the company's admins: approved (placed), declined, withdrawn (docs/companies.md). */
  approvals: Approvals;
}

export interface CoreServicesOptions {
  shop: ShopConfig;
  mediaBaseUrl?: string;
  /** Sends the shop's e-mails (password reset, ...); without one, sending fails loudly. */
  mailer?: Mailer;
  /** Where the storefront is served, for links in e-mails (default http://localhost:3000). */
  publicBaseUrl?: string;
  /** Verifies card/wallet payments (PayPal or the test provider); without one only bank transfer works. */
  payments?: PaymentVerifier | null;
  /** Refunds through the provider that took a card/wallet order's money: PayPal's, and the simulated one for test orders. */
  refunds?: Partial<Record<'paypal' | 'test', PaymentRefunds>>;
  /** The postcode provider behind the address finder; without one the finder says it is unavailable. */
  postcodes?: PostcodeLookup;
  /** Where use cases and the job worker report what must not fail a request (a confirmation e-mail that could not be sent). */
  log?: JobWorkerLog;
  /** Retry and lease settings of the job worker (defaults: DEFAULT_JOB_SETTINGS). */
  jobs?: Partial<JobWorkerSettings>;
  /** The clock of the dispatch promises and of placed orders' promised dispatch dates (default: the system clock). */
  clock?: () => Date;
  /** CREDIT_STOP_DAYS_OVERDUE: an account order more than this many days overdue puts the account on stop (default 7). */
  stopAfterDaysOverdue?: number;
  /** CREDIT_CONTROL_TIME: when the daily reminders and stops run, London time (default 07:00). */
  creditControlAt?: TimeOfDay;
}

const unconfiguredPostcodeLookup: PostcodeLookup = {
  async find() {
    throw new PostcodeProviderUnavailable('no postcode lookup is configured');
  },
};

export function createCoreServices(database: DatabaseHandle, options: CoreServicesOptions): CoreServices {
  const rules = cartPricingRules(options.shop);
  const publicBaseUrl = options.publicBaseUrl ?? 'http://localhost:3000';
  const mailer = options.mailer ?? unconfiguredMailer;
  const payments = options.payments ?? null;
  const clock = options.clock ?? (() => new Date());
  const addressRepository = new AddressRepository(database.db);
  const addresses = new AddressService(addressRepository);
  const cartRepository = new CartRepository(database.db);
  const jobs = new JobQueue(database.db);
  const tokens = new TokenService(database.db);
  const accounts = new AccountService(database.db, tokens, { jobs });
  const orderRepository = new OrderRepository(database.db);
  const orders = new OrderService(orderRepository, addressRepository, {
    mediaBaseUrl: options.mediaBaseUrl,
    // Read when an order is shown, after the composition below has built the back office.
    shipmentsOf: (orderIds) => orderAdministration.shipments.ofOrders(orderIds, false),
  });
  const documents = new DocumentService(database.db, orderRepository, { shop: options.shop, publicBaseUrl: publicBaseUrl.replace(/\/+$/, ''), now: clock, jobs });
  const staffRepository = new StaffRepository(database.db);
  const staff = new StaffService(staffRepository, { publicBaseUrl, shopName: options.shop.tradingName, jobs, now: clock });
  const emailKinds = emailJobKinds({
    shop: options.shop,
    mailer,
    publicBaseUrl,
    async contactOf(userId) {
      const user = await accounts.userDetails(userId, userId).catch(() => null);
      return user ? { email: user.email, firstName: user.first_name } : null;
    },
    orderAndContactOf: (userId, orderId) => orders.detailForEmail(userId, orderId),
    recordUnsentConfirmation: (userId, orderId, reason) =>
      orderRepository.insertLog({
        error: `Confirmation e-mail not sent: ${reason}`.slice(0, 4000),
        request: '',
        extraInfo: JSON.stringify({ orderId }),
        externalId: String(orderId),
        userId,
      }),
    resetLinkValidForMinutes: RESET_TOKEN_TTL_MS / 60_000,
    async invoiceUrlOf(userId, orderId) {
      const status = await documents.customerInvoiceStatus(userId, orderId).catch(() => null);
      return status?.available ? documents.invoiceUrl(orderId) : null;
    },
    creditNoteOf: (userId, orderId, creditNoteNumber) => documents.customerCreditNote(userId, orderId, creditNoteNumber),
    shipmentOf: (orderId, shipmentId) => orderAdministration.shipments.shipmentForEmail(orderId, shipmentId),
    async staffContactOf(staffId) {
      const member = await staffRepository.byId(staffId);
      return member && member.disabledAt === null ? { email: member.email, name: member.name } : null;
    },
    staffOfSetPasswordLink: (token) => staff.setPasswordTokenHolder(token),
    log: options.log,
  });
  const unplacedPayments = new UnplacedPayments(database.db, { jobs, refunds: options.refunds, log: options.log });
  const orderAdministration = new OrderAdministration(database.db, {
    jobs,
    now: clock,
    issueInvoice: (orderId) => documents.issueInvoice(orderId),
    log: options.log,
    refunds: options.refunds,
  });
  const quoteKinds = quoteEmailJobKinds({
    shop: options.shop,
    mailer,
    publicBaseUrl,
    quotes: () => quotes,
    async contactOf(userId) {
      const user = await accounts.userDetails(userId, userId).catch(() => null);
      return user ? { email: user.email, firstName: user.first_name } : null;
    },
    log: options.log,
  });
  const catalogue = new CatalogueService(new CatalogueRepository(database.db), { mediaBaseUrl: options.mediaBaseUrl });
  const packs = { packForSale: (id: number) => catalogue.cache.get(`pack:${id}`, () => cartRepository.packForSale(id)) };
  const stopAfterDaysOverdue = options.stopAfterDaysOverdue ?? DEFAULT_STOP_AFTER_DAYS_OVERDUE;
  const tradeAccounts = new TradeAccounts(database.db, { stopAfterDaysOverdue, now: clock });
  const creditControl = new CreditControl(database.db, { jobs, stopAfterDaysOverdue, now: clock });
  const statements = new AccountStatements(database.db, { shop: options.shop, publicBaseUrl, jobs, now: clock });
  const statementKinds = statementEmailJobKinds({
    shop: options.shop,
    mailer,
    publicBaseUrl,
    statements: () => statements,
    async contactOf(userId) {
      const user = await accounts.userDetails(userId, userId).catch(() => null);
      return user ? { email: user.email, firstName: user.first_name } : null;
    },
    log: options.log,
  });
  const pricedOrders = new PricedOrderPlacement(orderRepository, addressRepository, cartRepository, {
    shop: options.shop,
    rules,
    jobs,
    tradeAccounts,
    paymentsMode: payments?.mode ?? null,
    now: clock,
  });
  const quotes: QuoteDesk = new QuoteDesk(database.db, { shop: options.shop, jobs, pricedOrders, payments, publicBaseUrl, now: clock, unplacedPayments, log: options.log });
  const dispatch = new DispatchPromises({ now: clock, warehousePostcode: options.shop.address.postcode });
  const stockReader = new StockReader(database.db, { now: clock });
  const customerPrices = new CustomerPrices(database.db);
  const basketOffers = new BasketOffers({ categoryTree: () => catalogue.categoryTree(), now: clock });
  const backInStock = new BackInStockRequests(database.db);
  const orderPlacement = new OrderPlacement(orderRepository, cartRepository, addressRepository, {
    shop: options.shop,
    rules,
    jobs,
    payments,
    tradeAccounts,
    log: options.log,
    now: clock,
    customerPrices,
    offers: basketOffers,
    unplacedPayments,
  });
  const approvals = new Approvals(database.db, { jobs, placement: orderPlacement, pricedOrders, customerPrices, now: clock });
  const approvalKinds = approvalEmailJobKinds({
    shop: options.shop,
    mailer,
    publicBaseUrl,
    approvals: () => approvals,
    async contactOf(userId) {
      const user = await accounts.userDetails(userId, userId).catch(() => null);
      return user ? { email: user.email, firstName: user.first_name } : null;
    },
    log: options.log,
  });
  const carts = new CartService(cartRepository, {
    rules,
    customerPrices,
    offers: basketOffers,
    mediaBaseUrl: options.mediaBaseUrl,
    addresses,
    packs,
    stock: stockReader,
    dispatch,
    referencePrefix: options.shop.bank.referencePrefix,
  });
  return {
    // One source for the public address: the browser sees the same one the e-mails use.
    shop: { ...options.shop, publicBaseUrl: publicBaseUrl.replace(/\/+$/, '') },
    catalogue,
    sessions: new SessionService(database.db),
    carts,
    accounts,
    customerData: new CustomerDataExport(database.db, documents, { now: clock, shopName: options.shop.tradingName }),
    accountClosure: new AccountClosure(database.db, tokens, jobs),
    addresses,
    postcodes: new PostcodeSearch(options.postcodes ?? unconfiguredPostcodeLookup),
    orders,
    orderPlacement,
    unplacedPayments,
    reorder: new Reorder(orderRepository, carts),
    quickOrder: new QuickOrder(database.db, carts),
    shoppingLists: new ShoppingLists(database.db, carts, customerPrices),
    tradeAccounts,
    statements,
    dispatch,
    jobs,
    jobWorker: new JobWorker(
      jobs,
      {
        ...emailKinds,
        ...quoteKinds,
        ...statementKinds,
        ...approvalKinds,
        ...unplacedPayments.jobKinds(),
        ...accounts.jobKinds(),
        ...backInStock.jobKinds({ shop: options.shop, mailer, publicBaseUrl, log: options.log }),
        ...creditControl.jobKinds({ shop: options.shop, mailer, publicBaseUrl, log: options.log, statementPdf: (userId) => statements.statementPdf(userId) }),
        ...monthlyStatementsJobKinds({ statements: () => statements, log: options.log }),
      },
      { ...DEFAULT_JOB_SETTINGS, ...options.jobs },
      options.log,
    ),
    scheduler: new Scheduler(database.db, jobs, shopSchedules(options.creditControlAt), clock, options.log),
    creditControl,
    figures: new ShopFiguresReader(database.db, clock),
    payments,
    dueCardPayments: new DueCardPayments(database.db, { payments, now: clock, unplacedPayments, log: options.log }),
    staff,
    trustedDevices: new TrustedDevices(database.db, clock),
    customerDirectory: new CustomerDirectory(database.db, tokens, { now: clock }),
    dashboard: new DashboardQueries(database.db, clock),
    reports: new Reports(database.db, clock),
    accountingExports: new AccountingExports(database.db, { now: clock }),
    vatReturns: new VatReturns(database.db, { now: clock }),
    catalogueAdmin: new CatalogueAdmin(database.db),
    stock: new StockAdministration(database.db, { now: clock, jobs }),
    stockReader,
    backInStock,
    bankStatements: new BankStatements(database.db, { referencePrefix: options.shop.bank.referencePrefix, now: clock }),
    staffNotes: new StaffNotes(database.db),
    customerPrices,
    priceLists: new PriceLists(database.db),
    offerAdmin: new OfferAdmin(database.db, clock),
    documents,
    orderAdministration,
    returns: new Returns(database.db, { jobs, now: clock, stock: stockMovements, orderAdministration }),
    lineCancellation: new LineCancellation(database.db, { jobs, rules, stock: stockMovements, now: clock }),
    dispatchDesk: new DispatchDesk(database.db, orderAdministration.shipments),
    quotes,
    pricedOrders,
    companies: new Companies(database.db, { jobs, tokens, now: clock }),
    approvals,
    phoneOrders: new PhoneOrders(database.db, { jobs, tokens, pricedOrders, carts, customerPrices, publicBaseUrl }),
  };
}
