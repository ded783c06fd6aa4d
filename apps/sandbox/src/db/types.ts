/** JSON column types of the sandbox schema (the wire shapes of `@stream/core/contracts`). */
export type { Discount, LicenceAmount, Money, PriceMigrationConsent } from '@stream/core/contracts';

/** A stored pending action (commerce §3 `subscriptionPendingActions`). */
export interface PendingActionRow {
  action: string;
  requestedAt?: string;
  actionDueBy?: string;
}

/**
 * A catalogue text in the sandbox's catalogue locales (`src/seed/texts.ts` `CATALOGUE_LOCALES`):
 * English always, the others when written (a reader falls back to English).
 */
export interface Localized {
  en: string;
  es?: string;
  pt?: string;
  ar?: string;
}

/** Paragraphs of a text per locale (a news item's body). */
export type LocalizedParagraphs = { en: string[] } & Partial<Record<'es' | 'pt' | 'ar', string[]>>;

/** One block of an external page (`PAGE_BLOCK_TYPES`). */
export type PageBlockRow = {
  type: 'heading' | 'paragraph' | 'link';
  text: string;
  url?: string;
};

/** Blocks of an external page per locale. */
export type LocalizedBlocks = { en: PageBlockRow[] } & Partial<Record<'es' | 'pt' | 'ar', PageBlockRow[]>>;
