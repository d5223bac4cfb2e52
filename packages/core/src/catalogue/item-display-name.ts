/** The item display name is the contract's (@shop/contract item-display-name.ts): pages and core name lines alike. */
export { itemDisplayName } from '@shop/contract';
