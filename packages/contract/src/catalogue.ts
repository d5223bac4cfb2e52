/** Catalogue API shapes, field names exactly as SPEC section 3. Prices are pounds ex-VAT. */
import { z } from 'zod';
import { idParamSchema } from './ids.ts';

export interface CategoryDto {
  category_id: number;
  name: string;
  description: string;
  slug: string;
  image_url: string;
  parent_id: number | null;
  order: number;
  external_id: string | null;
  external_parent_id: string | null;
  is_active: boolean;
  is_new: boolean;
  subCategories: CategoryDto[];
}

export const categorySchema: z.ZodType<CategoryDto> = z.lazy(() =>
  z.object({
    category_id: z.number().int(),
    name: z.string(),
    description: z.string(),
    slug: z.string(),
    image_url: z.string(),
    parent_id: z.number().int().nullable(),
    order: z.number().int(),
    external_id: z.string().nullable(),
    external_parent_id: z.string().nullable(),
    is_active: z.boolean(),
    is_new: z.boolean().describe('Shown as a "New" badge'),
    subCategories: z.array(categorySchema),
  }),
).meta({ id: 'Category' });

export const packSchema = z
  .object({
    product_price_id: z.number().int(),
    price: z.number().describe('One pack, pounds ex-VAT'),
    pack_range: z.array(z.number().int()).describe('Units in the pack; the first is what add-to-cart uses as qty'),
    unit_price: z.number().describe('price / first pack_range value, pounds ex-VAT, 4 decimals'),
    trade_price: z.literal(true).optional().describe("Not in SPEC 3: present when `price` is the signed-in customer's own price from their price list"),
    public_price: z.number().optional().describe('Not in SPEC 3: with trade_price, the public price of the pack, pounds ex-VAT'),
  })
  .meta({ id: 'Pack' });
export type PackDto = z.infer<typeof packSchema>;

export const productSizeSchema = z
  .object({
    product_size_id: z.number().int(),
    size1: z.string().describe('Imperial size, e.g. 12x9x6"'),
    size2: z.string().describe('Metric size in mm'),
    packs: z.array(packSchema),
  })
  .meta({ id: 'ProductSize' });
export type ProductSizeDto = z.infer<typeof productSizeSchema>;

export const productSchema = z
  .object({
    product_id: z.number().int(),
    product_code: z.string().describe('Not in SPEC 3: the code staff and price-match claims know the product by; search finds it'),
    name: z.string(),
    description: z.string(),
    image_url: z.string(),
    link_product_id: z.number().int().nullable(),
    is_new: z.boolean(),
    category: z.object({ name: z.string(), slug: z.string() }),
    product_Sizes: z.array(productSizeSchema),
  })
  .meta({ id: 'Product' });
export type ProductDto = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

export const slugParamsSchema = z.object({
  slug: z.string().min(1).max(200).regex(/^[a-z0-9-]+$/, 'A category slug has lower-case letters, digits and hyphens'),
});

export const productIdParamsSchema = z.object({ id: idParamSchema('product id') });

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(48),
};

export const productsQuerySchema = z.object({
  condition: z.string().max(200).default('').describe('A category slug: products of that category and its sub-categories'),
  ...pageQuery,
});

export const landingQuerySchema = z.object({
  condition: z.string().max(200).default('').describe('Optional category slug; empty gives the featured products'),
});

export const searchQuerySchema = z.object({
  filter: z.string().max(200, 'A search is at most 200 characters').default(''),
  ...pageQuery,
});

export const sessionBodySchema = z
  .object({ ip: z.string().max(100).optional() })
  .describe('ip is sent empty by the storefront; the server records the caller address');
export const sessionResponseSchema = z.string().uuid().describe('The new session id');

/**
 * POST /api/products/BackInStock (not in SPEC 7): "Email me when it is back in stock" for a size
 * that is out. With a Bearer token the account's e-mail is used and `email`/`consent` are
 * ignored; without one both are needed (the storefront form's rules, backInStockVisitorSchema).
 */
export const backInStockBodySchema = z
  .object({
    product_size_id: z.number().int().positive().max(2_147_483_647).describe('The size (product_Sizes[].product_size_id)'),
    email: z.string().max(200).optional().describe('Without a Bearer token: the address to e-mail once'),
    consent: z.boolean().optional().describe('Without a Bearer token: must be true (the visitor agrees to one e-mail)'),
  })
  .meta({ id: 'BackInStockRequest' });

export const backInStockResponseSchema = z
  .object({
    noted: z.boolean().describe('False when this e-mail already waits for this size'),
    message: z.string().describe('What to tell the customer'),
  })
  .meta({ id: 'BackInStockAnswer' });
