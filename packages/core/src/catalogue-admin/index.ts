/** The catalogue back office: what @shop/core exports of it. */
export { CatalogueAdmin } from './catalogue-admin.ts';
export * from './catalogue-values.ts';
export * from './category-editor.ts';
export * from './product-editor.ts';
export * from './catalogue-csv.ts';
export * from './catalogue-images.ts';
export type { PackState, SizeState, ProductState, StoredProduct, StoredSize, StoredPack } from './product-store.ts';
