export * from './catalogue.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './storage-keys.ts';
export * from './shop.ts';
export * from './category-navigation.ts';
export * from './cart.ts';
export * from './messages.ts';
