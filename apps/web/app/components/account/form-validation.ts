/**
 * What a form page loads once it is interactive (shop-form.ts): the forms' schemas and
 * Conform's zod adapter, with zod itself. Kept out of the page's start-up: until it arrives
 * the forms simply post, and the action checks the same schema.
 */
export { parseWithZod } from '@conform-to/zod/v4';
export * as schemas from '@shop/contract/forms';
