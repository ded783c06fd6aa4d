import { expect, test } from '@playwright/test';
import { axeViolations, signIn } from './support';

// identity-and-routes.md §4 "Language change", §9 right-to-left list.
test('choosing Arabic stores the language, reloads and renders the login page right to left', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('Spanish uses the Spanish paths of the route table', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto('/cuenta');
  // A guest on the Spanish account page is sent to the Spanish login path with `from`.
  await expect(page).toHaveURL(/\/iniciar-sesion\?from=%2Fcuenta$/);
});

for (const path of ['/login', '/signup']) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('axe finds no violations on the account page', async ({ page }) => {
  await signIn(page);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the login page fits a phone screen without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
