/**
 * The category tree as staff edit it: create, rename, describe, image, move
 * under another parent within three levels, reorder among siblings, show or hide, the page's
 * title and description. A category holding products or sub-categories cannot be deleted.
 * Every change checks the version the staff member saw (`WHERE version = $seen`).
 */
import { sql } from 'drizzle-orm';
import { withoutDirectionControls } from '@shop/contract';
import { categories, columnsOf, figuresOf, queryRows, type Database, type Executor, type Row } from '@shop/db';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { catalogueMessages, parseImageUrl, slugOf, type Parsed } from './catalogue-values.ts';

/** Top level, sub-category, sub-sub-category: no deeper. */
export const CATEGORY_MAX_DEPTH = 3;

export const categoryMessages = {
  tooDeep: `Categories go at most ${CATEGORY_MAX_DEPTH} levels deep: this move would make it deeper.`,
  underItself: 'A category cannot move under itself or one of its own sub-categories.',
  hasProducts: (count: number) => `This category holds ${count} product${count === 1 ? '' : 's'}: move them to another category (or withdraw them) before deleting it.`,
  hasChildren: 'This category has sub-categories: move or delete them first.',
  unknownParent: 'The parent category no longer exists.',
  titleTooLong: 'A page title is at most 70 characters (search engines cut longer ones).',
  pageDescriptionTooLong: 'A page description is at most 160 characters.',
} as const;

const CATEGORY = columnsOf(
  categories,
  ['categoryId', 'parentId', 'name', 'slug', 'description', 'imageUrl', 'sortOrder', 'isActive', 'isNew', 'pageTitle', 'pageDescription', 'version'],
  'c',
);
/** Computed beside a category: the products directly in it. */
const CATEGORY_FIGURES = figuresOf({ product_count: 'number' });

export type AdminCategory = Omit<ReturnType<typeof CATEGORY.read>, 'isActive'> & {
  /** Shown in the shop (is_active). */
  visible: boolean;
  /** Products directly in this category. */
  productCount: number;
  /** 1 for a top-level category. */
  depth: number;
  /** "Boxes > Single wall > Small": the names from the top. */
  path: string;
  children: AdminCategory[];
};

export interface CategoryInput {
  name: string;
  description: string;
  imageUrl: string;
  parentId: number | null;
  visible: boolean;
  isNew: boolean;
  pageTitle: string;
  pageDescription: string;
}

/** Every category (visible or not) as a tree, ordered as the shop shows it. */
export async function readCategoryTree(db: Executor): Promise<AdminCategory[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${CATEGORY.list}, (SELECT count(*)::int FROM products p WHERE p.category_id = c.category_id) AS product_count
        FROM categories c ORDER BY c.sort_order, c.name, c.category_id`,
  );
  const nodes = new Map<number, AdminCategory>();
  for (const row of rows) {
    const { isActive, ...category } = CATEGORY.read(row);
    nodes.set(category.categoryId, { ...category, visible: isActive, productCount: CATEGORY_FIGURES.read(row).product_count, depth: 1, path: category.name, children: [] });
  }
  const roots: AdminCategory[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const walk = (list: AdminCategory[], depth: number, prefix: string) => {
    for (const node of list) {
      node.depth = depth;
      node.path = prefix ? `${prefix} > ${node.name}` : node.name;
      walk(node.children, depth + 1, node.path);
    }
  };
  walk(roots, 1, '');
  return roots;
}

export function flattenCategories(tree: AdminCategory[]): AdminCategory[] {
  return tree.flatMap((node) => [node, ...flattenCategories(node.children)]);
}

/** Levels below and including `node`: 1 for a category without sub-categories. */
function heightOf(node: AdminCategory): number {
  return 1 + Math.max(0, ...node.children.map(heightOf));
}

function contains(node: AdminCategory, id: number): boolean {
  return node.categoryId === id || node.children.some((child) => contains(child, id));
}

/** Checks a category form's values; every problem named by its field. */
export function checkCategoryInput(input: CategoryInput): CategoryInput {
  const fields: { field: string; message: string }[] = [];
  const name = withoutDirectionControls(input.name).trim();
  if (!name) fields.push({ field: 'name', message: catalogueMessages.nameRequired });
  else if (name.length > 100) fields.push({ field: 'name', message: 'A category name is at most 100 characters.' });
  else if (name.includes('>')) fields.push({ field: 'name', message: catalogueMessages.categoryNameArrow });
  if (input.description.length > 10_000) fields.push({ field: 'description', message: catalogueMessages.descriptionTooLong });
  const image: Parsed<string> = parseImageUrl(input.imageUrl);
  if (!image.ok) fields.push({ field: 'imageUrl', message: image.message });
  if (input.pageTitle.trim().length > 70) fields.push({ field: 'pageTitle', message: categoryMessages.titleTooLong });
  if (input.pageDescription.trim().length > 160) fields.push({ field: 'pageDescription', message: categoryMessages.pageDescriptionTooLong });
  if (fields.length > 0) throw new Invalid(fields[0]!.message, { fields });
  return {
    ...input,
    name,
    description: withoutDirectionControls(input.description).trim(),
    imageUrl: image.ok ? image.value : '',
    pageTitle: withoutDirectionControls(input.pageTitle).trim(),
    pageDescription: withoutDirectionControls(input.pageDescription).trim(),
  };
}

export class CategoryEditor {
  constructor(private readonly db: Database) {}

  tree(): Promise<AdminCategory[]> {
    return readCategoryTree(this.db);
  }

  async category(categoryId: number): Promise<AdminCategory> {
    const found = flattenCategories(await this.tree()).find((c) => c.categoryId === categoryId);
    if (!found) throw new NotFound('No such category.');
    return found;
  }

  /** A new category, last among its siblings, with a slug made unique from its name. */
  async create(raw: CategoryInput): Promise<AdminCategory> {
    const input = checkCategoryInput(raw);
    const id = await this.inTreeTransaction(async (tx, tree) => {
      if (input.parentId !== null) {
        const parent = flattenCategories(tree).find((c) => c.categoryId === input.parentId);
        if (!parent) throw new Invalid(categoryMessages.unknownParent, { fields: [{ field: 'parentId', message: categoryMessages.unknownParent }] });
        if (parent.depth + 1 > CATEGORY_MAX_DEPTH) throw new Invalid(categoryMessages.tooDeep, { fields: [{ field: 'parentId', message: categoryMessages.tooDeep }] });
      }
      const slug = await uniqueSlug(tx, slugOf(input.name));
      const [row] = await queryRows<Pick<Row<typeof categories>, 'categoryId'>>(
        tx,
        sql`INSERT INTO categories (name, description, slug, image_url, parent_id, sort_order, is_active, is_new, page_title, page_description)
            VALUES (${input.name}, ${input.description}, ${slug}, ${input.imageUrl}, ${input.parentId},
              (SELECT coalesce(max(sort_order) + 1, 0) FROM categories WHERE parent_id IS NOT DISTINCT FROM ${input.parentId}::int),
              ${input.visible}, ${input.isNew}, ${input.pageTitle}, ${input.pageDescription})
            RETURNING category_id AS "categoryId"`,
      );
      return row!.categoryId;
    });
    return this.category(id);
  }

  /** Saves a category's fields and parent (a move), if it is still at `seenVersion`. */
  async update(categoryId: number, seenVersion: number, raw: CategoryInput): Promise<AdminCategory> {
    const input = checkCategoryInput(raw);
    await this.inTreeTransaction(async (tx, tree) => {
      const all = flattenCategories(tree);
      const node = all.find((c) => c.categoryId === categoryId);
      if (!node) throw new NotFound('No such category.');
      if (node.version !== seenVersion) throw new Conflict(catalogueMessages.changedMeanwhile, { version: node.version });
      let sortOrder = node.sortOrder;
      if (input.parentId !== node.parentId) {
        if (input.parentId !== null) {
          const parent = all.find((c) => c.categoryId === input.parentId);
          if (!parent) throw new Invalid(categoryMessages.unknownParent, { fields: [{ field: 'parentId', message: categoryMessages.unknownParent }] });
          if (contains(node, parent.categoryId)) throw new Invalid(categoryMessages.underItself, { fields: [{ field: 'parentId', message: categoryMessages.underItself }] });
          if (parent.depth + heightOf(node) > CATEGORY_MAX_DEPTH) throw new Invalid(categoryMessages.tooDeep, { fields: [{ field: 'parentId', message: categoryMessages.tooDeep }] });
        }
        const siblings = input.parentId === null ? tree : (all.find((c) => c.categoryId === input.parentId)?.children ?? []);
        sortOrder = Math.max(-1, ...siblings.map((s) => s.sortOrder)) + 1;
      }
      const updated = await queryRows<Pick<Row<typeof categories>, 'categoryId'>>(
        tx,
        sql`UPDATE categories SET name = ${input.name}, description = ${input.description}, image_url = ${input.imageUrl},
              parent_id = ${input.parentId}, sort_order = ${sortOrder}, is_active = ${input.visible}, is_new = ${input.isNew},
              page_title = ${input.pageTitle}, page_description = ${input.pageDescription}, version = version + 1
            WHERE category_id = ${categoryId} AND version = ${seenVersion} RETURNING category_id AS "categoryId"`,
      );
      if (updated.length === 0) throw new Conflict(catalogueMessages.changedMeanwhile);
    });
    return this.category(categoryId);
  }

  /** Moves a category one place up or down among its siblings (their order is renumbered 0..n-1). */
  async reorder(categoryId: number, direction: 'up' | 'down'): Promise<void> {
    await this.inTreeTransaction(async (tx, tree) => {
      const all = flattenCategories(tree);
      const node = all.find((c) => c.categoryId === categoryId);
      if (!node) throw new NotFound('No such category.');
      const siblings = [...(node.parentId === null ? tree : (all.find((c) => c.categoryId === node.parentId)?.children ?? []))];
      const at = siblings.findIndex((s) => s.categoryId === categoryId);
      const to = direction === 'up' ? at - 1 : at + 1;
      if (to < 0 || to >= siblings.length) return;
      [siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!];
      await tx.execute(
        sql`UPDATE categories c SET sort_order = v.sort_order, version = c.version + 1
            FROM jsonb_to_recordset(${JSON.stringify(siblings.map((s, i) => ({ id: s.categoryId, sort_order: i })))}::jsonb) AS v(id int, sort_order int)
            WHERE c.category_id = v.id AND c.sort_order <> v.sort_order`,
      );
    });
  }

  /** Deletes an empty category (no products, no sub-categories) still at `seenVersion`. */
  async delete(categoryId: number, seenVersion: number): Promise<void> {
    await this.inTreeTransaction(async (tx, tree) => {
      const node = flattenCategories(tree).find((c) => c.categoryId === categoryId);
      if (!node) throw new NotFound('No such category.');
      if (node.version !== seenVersion) throw new Conflict(catalogueMessages.changedMeanwhile, { version: node.version });
      if (node.productCount > 0) throw new Conflict(categoryMessages.hasProducts(node.productCount));
      if (node.children.length > 0) throw new Conflict(categoryMessages.hasChildren);
      await tx.execute(sql`DELETE FROM categories WHERE category_id = ${categoryId} AND version = ${seenVersion}`);
    });
  }

  /**
   * One tree change at a time: the categories table is locked against other writers for the
   * transaction (moves read the whole tree to check depth and cycles), readers are not blocked.
   */
  private inTreeTransaction<T>(work: (tx: Executor, tree: AdminCategory[]) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE`);
      return work(tx, await readCategoryTree(tx));
    });
  }
}

async function uniqueSlug(tx: Executor, base: string): Promise<string> {
  const rows = await queryRows<Pick<Row<typeof categories>, 'slug'>>(tx, sql`SELECT slug FROM categories WHERE slug = ${base} OR slug LIKE ${`${base}-%`}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
