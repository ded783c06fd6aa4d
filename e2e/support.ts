import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/** The sandbox's seeded demo account. */
export const DEMO = { email: 'demo@stream.test', password: 'demo-password', name: 'Demo Viewer' } as const;

/** A fresh email address for a sign-up. */
export function uniqueEmail(prefix = 'viewer'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@stream.test`;
}

/** Fills the login form and submits it (the page must show the login form). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens /login and signs in; resolves once the app has left the login page. */
export async function signIn(page: Page, email: string = DEMO.email, password: string = DEMO.password): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the current page; returns the violations (id, impact, targets). axe is
 * evaluated through the DevTools protocol, not added as a `<script>`: the app's
 * Content-Security-Policy refuses inline scripts, as it should.
 */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string | null; nodes: string[] }[]> {
  await page.evaluate(`(() => { ${axeSource}\n})()`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/** Waits until the page's `<video>` has played past half a second. */
export async function expectPlaying(page: Page): Promise<void> {
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
}
