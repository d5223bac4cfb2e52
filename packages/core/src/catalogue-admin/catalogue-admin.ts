/**
 * The catalogue back office in one service: the category tree, products with their
 * sizes, packs and price history, images, and the CSV export and import. Every write goes
 * through the catalogue tables, whose triggers (migration 0002) NOTIFY `catalogue_changed`, so
 * each process's cached catalogue reads are cleared once the change commits.
 */
import type { Database } from '@shop/db';
import { CatalogueCsv } from './catalogue-csv.ts';
import { CatalogueImages } from './catalogue-images.ts';
import { CategoryEditor } from './category-editor.ts';
import { ProductEditor } from './product-editor.ts';

export class CatalogueAdmin {
  readonly categories: CategoryEditor;
  readonly products: ProductEditor;
  readonly images: CatalogueImages;
  readonly csv: CatalogueCsv;

  constructor(db: Database) {
    this.categories = new CategoryEditor(db);
    this.products = new ProductEditor(db);
    this.images = new CatalogueImages(db);
    this.csv = new CatalogueCsv(db);
  }
}
