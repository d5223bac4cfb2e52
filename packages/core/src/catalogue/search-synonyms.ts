/**
 * Trade words and synonyms for search: the one list to edit when customers call something by
 * a name the catalogue does not use. (How to edit it: README, "Search words".)
 *
 * Each entry says what customers type (`typed`, one or more words each) and what the catalogue
 * calls it (`means`). Matching ignores case and a plural "s" on each word ("jiffy bag" also
 * reads "Jiffy Bags"); the longest typed phrase wins ("pip box" before "pip").
 *
 * - One `means`: its words take the place of the typed ones, then are read like any typed
 *   words ("dbl" -> "double", "a4 envelope" -> "c4 envelope", where "c4" is a size).
 * - Several `means`: a product matches when it matches any one of them, all of its words in
 *   the product's name or description ("jiffy bag" -> padded envelopes or padded bags).
 *
 * Words in `means` should be words of product names or descriptions; a test checks that every
 * entry finds something in the demo catalogue.
 */
export interface SearchSynonym {
  typed: string[];
  means: string[];
}

export const searchSynonyms: SearchSynonym[] = [
  // Brand names and trade names for products
  { typed: ['jiffy', 'jiffy bag', 'jiffy envelope', 'bubble mailer', 'padded mailer', 'padded bag'], means: ['padded envelope', 'padded bag'] },
  { typed: ['sellotape', 'sello tape', 'selotape', 'sellotap', 'cellotape', 'cello tape', 'sticky tape', 'scotch tape', 'sellotape roll'], means: ['clear tape'] },
  { typed: ['parcel tape', 'packaging tape', 'box tape', 'carton tape', 'sealing tape'], means: ['packing tape'] },
  { typed: ['water activated tape', 'gum tape'], means: ['gummed tape'] },
  { typed: ['packing peanuts', 'peanuts', 'foam peanuts', 'polystyrene peanuts', 'polystyrene chips', 'packing chips', 'loosefill'], means: ['loose fill'] },
  { typed: ['pip', 'pip box', 'royal mail box'], means: ['large letter', 'small parcel'] },
  { typed: ['zip lock bag', 'ziplock', 'ziploc', 'zip bag', 'resealable bag', 'grip bag', 'gripseal'], means: ['grip seal bag'] },
  { typed: ['poly bag', 'polybag', 'poly mailer', 'postal bag', 'courier bag', 'mailer bag', 'mail bag'], means: ['mailing bag'] },
  { typed: ['shrink wrap', 'stretch wrap', 'cling film', 'pallet film'], means: ['pallet wrap', 'stretch film', 'stretch wrap'] },
  { typed: ['bubblewrap', 'bubble roll', 'bubble film'], means: ['bubble wrap'] },
  { typed: ['poster tube', 'mailing tube', 'cardboard tube'], means: ['postal tube'] },
  { typed: ['moving box', 'house move box', 'removals box'], means: ['removal box'] },
  { typed: ['stanley knife', 'box cutter', 'utility knife', 'craft knife', 'cutter'], means: ['knives', 'cutters'] },
  { typed: ['sharpie'], means: ['marker'] },
  { typed: ['brown paper', 'packing paper', 'wrapping paper'], means: ['kraft paper'] },
  { typed: ['shipping label', 'courier label', 'postage label'], means: ['thermal label', 'parcel label'] },
  { typed: ['air bag', 'air cushion', 'air pouch'], means: ['air pillow', 'air cushion'] },
  { typed: ['corner board', 'edge board', 'angle board'], means: ['edge protector'] },
  { typed: ['strap', 'banding'], means: ['strapping'] },
  { typed: ['carton'], means: ['box', 'carton'] },
  // Envelopes: an A-size sheet goes in the C envelope of the same number
  { typed: ['a3 envelope'], means: ['c3 envelope'] },
  { typed: ['a4 envelope'], means: ['c4 envelope'] },
  { typed: ['a5 envelope'], means: ['c5 envelope'] },
  // Board grades and trade abbreviations
  { typed: ['dbl', 'dbl wall', 'double walled'], means: ['double wall'] },
  { typed: ['dw', 'd/w'], means: ['double wall'] },
  { typed: ['sgl', 'sgl wall', 'single walled'], means: ['single wall'] },
  { typed: ['sw', 's/w'], means: ['single wall'] },
  { typed: ['tw', 't/w', 'triple walled'], means: ['triple wall'] },
  { typed: ['hd', 'h/d', 'heavyduty'], means: ['heavy duty'] },
  { typed: ['lge', 'lrg'], means: ['large'] },
  { typed: ['sml'], means: ['small'] },
  { typed: ['med'], means: ['medium'] },
  { typed: ['wht'], means: ['white'] },
  { typed: ['brn'], means: ['brown'] },
  { typed: ['blk'], means: ['black'] },
];
