/** What a history search asks the database for, once the search box's text is parsed (history/parseSearchText.ts). */

/** One term every match must have. */
export interface SearchTerm {
  /** One word, or a phrase's words in order. */
  words: string[];
  /** The last word is a prefix. */
  prefix: boolean;
}
