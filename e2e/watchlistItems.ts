import { expect, type Page } from '@playwright/test';

/** The titles of the opened watchlist's items, in order. */
export async function itemTitles(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: /^Titles in / }).locator('.watchlist-item__title').allTextContents();
}

/**
 * Once no call of the editor is on its way, reloads the list `name` until its items are `titles`
 * in this order (the platform confirmed the reorder): the order holds after a reload.
 */
export async function expectOrderAfterReload(page: Page, name: string, titles: readonly string[]): Promise<void> {
  await expect(page.locator('.watchlists-page [aria-busy="true"]')).toHaveCount(0);
  await expect
    .poll(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      return itemTitles(page);
    })
    .toEqual(titles);
}
