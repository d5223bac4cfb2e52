import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/index.tsx'),
  // The back office, in its own route chunks: none of it loads on storefront pages.
  // Pages that need no staff session: sign-in, the first owner's setup, set-password links, sign-out.
  route('admin/signin', 'routes/admin/signin.tsx'),
  route('admin/setup', 'routes/admin/setup.tsx'),
  route('admin/set-password', 'routes/admin/set-password.tsx'),
  route('admin/signout', 'routes/admin/signout.tsx'),
  // Every page in the back office's frame requires a staff session (each loader and action checks it).
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('staff', 'routes/admin/staff.tsx'),
    route('security', 'routes/admin/security.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('orders/:orderId', 'routes/admin/order.tsx'),
    // Returns and claims: the queue, and one return with its steps.
    route('returns', 'routes/admin/returns.tsx'),
    route('returns/:returnId', 'routes/admin/return.tsx'),
    // The dispatch desk: the ready-to-dispatch queue, bulk picking lists and bulk dispatch.
    route('dispatch', 'routes/admin/dispatch.tsx'),
    // Payments in from a bank statement CSV (dry run, then confirm).
    route('bank-statements', 'routes/admin/bank-statements.tsx'),
    route('payments/returned', 'routes/admin/returned-payments.tsx'),
    route('credit-control', 'routes/admin/credit-control.tsx'),
    route('credit-control.csv', 'routes/admin/credit-control-csv.tsx'),
    // The owner's numbers (docs/reports.md): the index, a page per report, each table as CSV.
    route('reports', 'routes/admin/reports.tsx'),
    route('reports/sales', 'routes/admin/reports-sales.tsx'),
    route('reports/best-sellers', 'routes/admin/reports-best-sellers.tsx'),
    route('reports/categories', 'routes/admin/reports-categories.tsx'),
    route('reports/offers', 'routes/admin/reports-offers.tsx'),
    route('reports/customers', 'routes/admin/reports-buyers.tsx'),
    route('reports/margin', 'routes/admin/reports-margin.tsx'),
    route('reports/stock-value', 'routes/admin/reports-stock-value.tsx'),
    route('reports/slow-movers', 'routes/admin/reports-slow-movers.tsx'),
    route('reports/csv/:report', 'routes/admin/reports-csv.tsx'),
    // Customers, exports; the CSV downloads are resource routes (no page).
    route('customers', 'routes/admin/customers.tsx'),
    route('customers/:userId', 'routes/admin/customer.tsx'),
    route('companies', 'routes/admin/companies.tsx'),
    route('companies/:companyId', 'routes/admin/company.tsx'),
    route('exports', 'routes/admin/exports.tsx'),
    route('exports/orders.csv', 'routes/admin/export-orders-csv.tsx'),
    route('exports/invoices.csv', 'routes/admin/export-invoices-csv.tsx'),
    route('exports/credit-notes.csv', 'routes/admin/export-credit-notes-csv.tsx'),
    // The VAT return's figures for a period, and its CSV.
    route('vat-return', 'routes/admin/vat-return.tsx'),
    route('vat-return.csv', 'routes/admin/vat-return-csv.tsx'),
    // Catalogue back office: the tree and products, a category, a product (or 'new'), CSV import; the export is a resource route.
    route('catalogue', 'routes/admin/catalogue.tsx'),
    route('catalogue/categories/:categoryId', 'routes/admin/catalogue-category.tsx'),
    route('catalogue/products/:productId', 'routes/admin/catalogue-product.tsx'),
    route('catalogue/import', 'routes/admin/catalogue-import.tsx'),
    route('catalogue/import/report.csv', 'routes/admin/catalogue-import-report-csv.tsx'),
    route('catalogue/export.csv', 'routes/admin/catalogue-export-csv.tsx'),
    route('stock', 'routes/admin/stock.tsx'),
    route('stock/goods-in', 'routes/admin/stock-goods-in.tsx'),
    route('stock/sizes/:productSizeId', 'routes/admin/stock-size.tsx'),
    // The sales desk: the quotes queue, a quote to price and send, orders taken by phone.
    route('quotes', 'routes/admin/quotes.tsx'),
    route('quotes/:quoteId', 'routes/admin/quote.tsx'),
    route('phone-order', 'routes/admin/phone-order.tsx'),
    route('price-lists', 'routes/admin/price-lists.tsx'),
    route('price-lists/:priceListId', 'routes/admin/price-list.tsx'),
    route('price-lists/:priceListId/export.csv', 'routes/admin/price-list-export-csv.tsx'),
    // Discount codes and automatic offers: the list with what each has cost, a new one, one offer (ended early there).
    route('offers', 'routes/admin/offers.tsx'),
    route('offers/new', 'routes/admin/offer-new.tsx'),
    route('offers/:offerId', 'routes/admin/offer.tsx'),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
  // Every page sits in the shop frame: header (visitor and basket), footer, cookie banner.
  layout('routes/shop-frame.tsx', [
    route('landing', 'routes/landing.tsx'),
    route('category', 'routes/category.tsx'),
    route('products', 'routes/products.tsx'),
    route('product-detail', 'routes/product-detail.tsx'),
    route('about', 'routes/about.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('delivery-information', 'routes/delivery-information.tsx'),
    route('return-policy', 'routes/return-policy.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('payment-policy', 'routes/payment-policy.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('signin', 'routes/signin.tsx'),
    route('signup', 'routes/signup.tsx'),
    route('resetpassword', 'routes/resetpassword.tsx'),
    route('delivery', 'routes/delivery.tsx'),
    route('payment', 'routes/payment.tsx'),
    route('order-detail', 'routes/order-detail.tsx'),
    // A return or claim on an order (multipart: up to three photos).
    route('order-return', 'routes/order-return.tsx'),
    route('order-history', 'routes/order-history.tsx'),
    route('account', 'routes/account.tsx'),
    route('account/close', 'routes/account-close.tsx'),
    // A trade customer's open invoices (paid by card together) and statement of account for any month.
    route('account/statement', 'routes/account-statement.tsx'),
    route('account/company', 'routes/account-company.tsx'),
    // Orders over a buyer's limit, waiting for the company's admins: the list, and one to approve, decline or withdraw.
    route('account/approvals', 'routes/account-approvals.tsx'),
    route('account/approvals/:requestId', 'routes/account-approval.tsx'),
    // Quotes: ask for one (a multipart form with the artwork), see and accept one.
    route('quote-request', 'routes/quote-request.tsx'),
    route('quotes/:quoteId', 'routes/quote.tsx'),
    // Quick order by product code (typed, pasted or CSV), and shopping lists saved from the basket.
    route('quick-order', 'routes/quick-order.tsx'),
    route('lists', 'routes/lists.tsx'),
    route('lists/:listId', 'routes/list.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // Form targets without a page of their own (each answers a GET with a redirect to /landing).
  route('logout', 'routes/logout.tsx'),
  route('cookie-consent', 'routes/cookie-consent.tsx'),
  route('prices', 'routes/prices.tsx'),
  route('visitor-session', 'routes/visitor-session.tsx'),
  // Documents (PDF resource routes): the customer's VAT invoice and credit notes; staff's invoice, credit notes and picking list
  // beside the order page (each loader checks the staff session and role itself).
  route('order-invoice', 'routes/order-invoice.tsx'),
  // The customer's data as a ZIP (posted from My account); staff's copy for a customer beside the customer page.
  route('account/data', 'routes/account-data.tsx'),
  route('admin/customers/:userId/data', 'routes/admin/customer-data.tsx'),
  route('order-credit-note', 'routes/order-credit-note.tsx'),
  route('account/statement.pdf', 'routes/account-statement-pdf.tsx'),
  route('admin/orders/:orderId/invoice.pdf', 'routes/admin/order-invoice-pdf.tsx'),
  route('admin/orders/:orderId/credit-notes/:creditNoteNumber', 'routes/admin/order-credit-note-pdf.tsx'),
  route('admin/orders/:orderId/picking-list.pdf', 'routes/admin/order-picking-list-pdf.tsx'),
  // A customer's photo of a return: for staff, and for the customer who sent it.
  route('admin/returns/:returnId/photos/:position', 'routes/admin/return-photo.tsx'),
  route('order-return-photo', 'routes/order-return-photo.tsx'),
  route('admin/dispatch/picking-lists.pdf', 'routes/admin/dispatch-picking-lists-pdf.tsx'),
  route('quotes/:quoteId/pdf', 'routes/quote-pdf.tsx'),
  route('admin/quotes/:quoteId/quote.pdf', 'routes/admin/quote-pdf.tsx'),
  route('admin/quotes/:quoteId/artwork', 'routes/admin/quote-artwork.tsx'),
] satisfies RouteConfig;
