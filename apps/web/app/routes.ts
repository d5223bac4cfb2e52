import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/index.tsx'),
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
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
