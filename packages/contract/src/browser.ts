/**
 * The zod-free part of the contract for browser code: importing the main entry would pull
 * every schema (and zod) into the page bundle. Types may still come from '@shop/contract'
 * with `import type`; a form's schema comes from '@shop/contract/forms' (form pages only).
 */
export * from './format.ts';
export * from './storage-keys.ts';
export * from './category-navigation.ts';
export * from './messages.ts';
export * from './field-rules.ts';
export * from './domain-errors.ts';
export * from './record-ids.ts';
export * from './delivery-zones.ts';
export * from './vat.ts';
export * from './price-display.ts';
export * from './dispatch-wording.ts';
export * from './item-display-name.ts';
export * from './bank-statements.ts';
export * from './form-limits.ts';
export * from './quick-order-limits.ts';
export * from './company-roles.ts';
