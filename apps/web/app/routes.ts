import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/index.tsx'),
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
    route('order-history', 'routes/order-history.tsx'),
    route('account', 'routes/account.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // Form targets without a page of their own (each answers a GET with a redirect to /landing).
  route('logout', 'routes/logout.tsx'),
  route('cookie-consent', 'routes/cookie-consent.tsx'),
  route('visitor-session', 'routes/visitor-session.tsx'),
  // Documents (PDF resource routes): the customer's VAT invoice.
  route('order-invoice', 'routes/order-invoice.tsx'),
] satisfies RouteConfig;
