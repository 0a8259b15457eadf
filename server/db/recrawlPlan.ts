/** A re-crawl's changes to one knowledge base (made by knowledge/recrawlDiff.ts, applied by recrawlPages.ts). */
import type { PageValidators } from '../crawl/fetchPage.js';

/** A page as stored before the re-crawl (crawled pages only: rows with an address). */
export interface StoredPage {
  position: number;
  url: string;
  contentHash: string;
  gone: boolean;
}

/** What the site said of a page this time, kept for the next re-crawl. */
export interface PageState {
  validators: PageValidators;
  links: string[];
}

export interface ChangedPage extends PageState {
  position: number;
  text: string;
  /** The page's `<title>` now (what its citations show); '' when none. */
  title: string;
  contentHash: string;
}

export interface AddedPage extends PageState {
  url: string;
  text: string;
  title: string;
  contentHash: string;
  selected: boolean;
}

export interface RecrawlPlan {
  /** Same text (or a 304): only the validators and links are refreshed. */
  unchanged: Array<PageState & { position: number }>;
  /** New text: its passages are replaced; a gone page that came back is here too. */
  changed: ChangedPage[];
  added: AddedPage[];
  /** Positions of pages now gone. */
  gone: number[];
}
