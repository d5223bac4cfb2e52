export * from './errors.ts';
export * from './pricing/money.ts';
export * from './catalogue/item-display-name.ts';
export * from './catalogue/search-query.ts';
export * from './catalogue/read-through-cache.ts';
export { CatalogueRepository } from './catalogue/catalogue-repository.ts';
export { CatalogueService, findCategory, type ProductPage } from './catalogue/catalogue-service.ts';
export * from './shop/shop-config.ts';
export * from './services.ts';
export { SessionService } from './identity/session-service.ts';
export { deviceAccountOf, DEVICE_TOKEN_PATTERN, TrustedDevices, type DeviceAccountKind } from './identity/trusted-devices.ts';
export * from './pricing/cart-totals.ts';
export { displayVatRatePercent } from './pricing/vat-by-destination.ts';
export * from './delivery/delivery-zones.ts';
export { REMOTE_POSTCODE_AREAS, UK_POSTCODE_AREAS, type RemotePostcodeArea } from './delivery/remote-postcodes.ts';
export * from './addresses/po-box.ts';
export { CartRepository, MAX_PACKS_PER_LINE, type CartOwner, type CartContents, type CartLineRow, type PackForSale } from './cart/cart-repository.ts';
export { CartService, type CartServiceOptions } from './cart/cart-service.ts';
export { basketMergeNotice, mergedCount, planBasketMerge, type BasketMerge, type MergeLine, type PackInBoth } from './cart/basket-merge.ts';
export * from './accounts/account-service.ts';
export * from './accounts/token-service.ts';
export * from './accounts/account-closure.ts';
export * from './accounts/customer-data-export.ts';
export { hashPassword, verifyPassword } from './accounts/password-hashing.ts';
export * from './email/mailer.ts';
export * from './email/password-reset-email.ts';
export { AddressRepository, BILLING_TYPE, type AddressRow } from './addresses/address-repository.ts';
export * from './addresses/address-service.ts';
export * from './postcodes/postcode-lookup.ts';
export * from './payments/payment-verifier.ts';
export * from './payments/order-reference.ts';
export * from './payments/unplaced-payments.ts';
export { OrderRepository, ORDER_HISTORY_LIMIT, type NewOrder, type NewOrderLine, type OrderRow, type OrderLineRow, type OrderLogEntry } from './orders/order-repository.ts';
export { OrderService, type OrderServiceOptions } from './orders/order-service.ts';
export * from './orders/order-placement.ts';
export { Reorder, reorderMessages } from './orders/reorder.ts';
export { QuickOrder, quickOrderReasons } from './quick-order/quick-order.ts';
export { quickOrderLines, type QuickOrderLine } from './quick-order/quick-order-lines.ts';
export { ShoppingLists, listsVisibleTo, shoppingListReasons, SHOPPING_LISTS_MAX } from './shopping-lists/shopping-lists.ts';
export * from './trade-accounts/trade-accounts.ts';
export {
  dispatchPromise,
  bankHolidays,
  bankHolidayRegionOfPostcode,
  DEFAULT_DESTINATION,
  DISPATCH_CUTOFF_HOUR,
  TRANSIT_WORKING_DAYS,
  type BankHolidayRegion,
  type CarriageZone,
  type DeliveryDestination,
  type DispatchPromise,
  type IsoDate,
} from './delivery/dispatch-promise.ts';
export { DispatchPromises, deliveryDestinationOf, promisedDeliveryOf } from './delivery/dispatch-promises.ts';
export * from './email/order-confirmation-email.ts';
export * from './jobs/job-queue.ts';
export * from './jobs/job-worker.ts';
export * from './jobs/scheduler.ts';
export * from './jobs/shop-schedules.ts';
export * from './jobs/monthly-statements-run.ts';
export * from './credit-control/credit-stop.ts';
export * from './credit-control/credit-control.ts';
export * from './email/email-jobs.ts';
export * from './error-for-log.ts';
export { DocumentService, type CreditNoteSummary, type CustomerInvoiceStatus, type DocumentServiceOptions, type PdfFile } from './documents/document-service.ts';
export { InvoiceNumbers, formatInvoiceNumber, type IssuedInvoice } from './documents/invoice-numbers.ts';
export * from './documents/invoice-eligibility.ts';
export * from './documents/invoice-url.ts';
export * from './documents/credit-notes.ts';
export { buildCreditNote, creditNotePdf, type CreditNoteDocument } from './documents/credit-note-pdf.ts';
export { buildVatInvoice, formatVatNumber, type VatInvoice, type VatInvoiceLine } from './documents/vat-invoice.ts';
export { vatInvoicePdf } from './documents/vat-invoice-pdf.ts';
export { buildPickingList, pickingListPdf, type PickingList, type PickingListLine } from './documents/picking-list-pdf.ts';
export * from './staff/staff-roles.ts';
export {
  StaffService,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SIGN_IN_FAILED,
  STAFF_CODE_FAILED,
  STAFF_CODES_PER_SIGN_IN,
  STAFF_CODES_PER_HOUR,
  STAFF_CODES_USED_UP,
  STAFF_CODES_PAUSED,
  STAFF_SET_PASSWORD_TTL_MS,
  type StaffSession,
  type StaffSignIn,
  type StaffListEntry,
  type NewStaffMember,
  type TotpEnrolment,
  type StaffServiceOptions,
} from './staff/staff-service.ts';
export { StaffRepository } from './staff/staff-repository.ts';
export * from './staff/staff-events.ts';
export * from './back-office/customers/customer-directory.ts';
export * from './back-office/customers/customer-events.ts';
export * from './staff-notes/staff-notes.ts';
export * from './pricing/price-lists.ts';
export * from './pricing/customer-prices.ts';
export * from './price-lists/price-lists-admin.ts';
export * from './price-lists/price-list-csv.ts';
export * from './offers/offer-admin.ts';
export * from './back-office/dashboard/dashboard-figures.ts';
export * from './reports/index.ts';
export * from './back-office/exports/accounting-exports.ts';
export * from './back-office/exports/vat-return.ts';
export * from './back-office/orders/order-states.ts';
export * from './back-office/orders/order-event-labels.ts';
export * from './back-office/orders/order-administration.ts';
export * from './back-office/orders/order-shipments.ts';
export * from './back-office/orders/custom-quantity.ts';
export * from './back-office/dispatch/dispatch-desk.ts';
export * from './back-office/money/bank-statement-csv.ts';
export * from './back-office/money/bank-statements.ts';
export * from './catalogue-admin/index.ts';
export * from './stock/stock-levels.ts';
export { STOCK_MOVEMENT_LABELS, stockMovementLabel, type StockMovementKind } from './stock/stock-movements.ts';
export { StockAdministration, stockAdminMessages, sizeLabel, type LowStockRow, type ProductStock, type SizeStockRow, type MovementRow, type SizeChoice } from './stock/stock-admin.ts';
export { NotEnoughStock, stockMessages, type ShortLine } from './stock/stock-allocation.ts';
export { BackInStockRequests, BACK_IN_STOCK_JOB, type BackInStockAsker, type BackInStockAnswer } from './stock/back-in-stock.ts';
export { StockReader, type BasketStock, type ProductStockView } from './stock/stock-reads.ts';
export * from './returns/return-windows.ts';
export * from './returns/return-states.ts';
export * from './returns/returns.ts';
export * from './back-office/orders/line-cancellation.ts';
export * from './orders/priced-order-placement.ts';
export * from './quotes/quote-states.ts';
export * from './quotes/quote-desk.ts';
export * from './quotes/quote-validity.ts';
export * from './quotes/quote-dispatch.ts';
export * from './quotes/artwork.ts';
export { quotePdf } from './quotes/quote-pdf.ts';
export { QUOTE_SENT_JOB, quoteSentJob, quoteUrl } from './quotes/quote-email.ts';
export * from './quotes/phone-orders.ts';
export { CARD_PAYMENT_LINK_JOB, cardPaymentLinkJob } from './quotes/quote-email.ts';
export * from './payments/due-card-payment.ts';
export { AccountStatements, formatStatementMonth, monthBounds, monthOf, statementMonthBefore, type AccountStatementsOptions, type StatementOfAccount } from './statements/account-statements.ts';
export { AGEING_BUCKETS, AGEING_LABELS, buildStatement, type AgeingBucket, type LedgerEntry, type StatementFigures } from './statements/statement-ledger.ts';
export { MONTHLY_STATEMENT_JOB, monthlyStatementJob, statementPath, statementPdfPath } from './statements/statement-email.ts';
export * from './companies/companies.ts';
export { Approvals, approvalMessages } from './companies/approvals.ts';
export { APPROVAL_STATE_LABELS, londonDateTimeText } from './companies/approval-states.ts';
export { companyOfUser, orderVisibleTo, addressBookOf } from './companies/company-access.ts';
