import { expect, test } from '@playwright/test';
import { signIn } from './support';

// Issue 12 "The web app's own headers": the product's web server (scripts/serve-web.mjs).

test('every answer carries a CSP without inline scripts, frame-ancestors none and the referrer policy', async ({ request }) => {
  for (const path of ['/', '/login', '/config.json', '/no-such-file.js']) {
    const response = await request.get(path);
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
    expect(scriptSrc, path).toMatch(/^script-src 'self'/);
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    expect(scriptSrc, path).not.toContain("'unsafe-eval'");
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
  }
});

test('JavaScript and CSS are served compressed (brotli, else gzip) and hashed assets are immutable', async ({ request }) => {
  const html = await (await request.get('/login')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
  for (const asset of assets) {
    const plain = await request.get(asset, { headers: { 'accept-encoding': 'identity' } });
    const br = await request.get(asset, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await request.get(asset, { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers()['content-encoding'], asset).toBeUndefined();
    expect(br.headers()['content-encoding'], asset).toBe('br');
    expect(gz.headers()['content-encoding'], asset).toBe('gzip');
    expect(br.headers()['vary'], asset).toBe('Accept-Encoding');
    expect(br.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    // The client decodes the body: the same bytes whichever encoding travelled.
    expect((await br.body()).equals(await plain.body()), asset).toBe(true);
    expect((await gz.body()).equals(await plain.body()), asset).toBe(true);
  }
  expect((await request.get('/login')).headers()['cache-control']).toBe('no-cache');
});

test('the app runs under its policy: signing in and the account page raise no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await signIn(page);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('no other site may frame the app', async ({ page }) => {
  // A page of another origin (the sandbox's health URL stands in) frames the app: Chromium refuses.
  const sandbox = process.env.E2E_SANDBOX_PORT ?? '8797';
  const blocked = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
  await page.goto(`http://127.0.0.1:${sandbox}/health`);
  const appUrl = new URL('/login', test.info().project.use.baseURL).href;
  await page.setContent(`<iframe title="app" src="${appUrl}"></iframe>`);
  expect((await blocked).text()).toContain("frame-ancestors 'none'");
});

test('a path that is no route answers 404 with the app, which shows the not-found page; routes answer 200', async ({ request, page }) => {
  for (const path of ['/login', '/home', '/iniciar-sesion', '/account', '/video/welcome-to-stream/welcome-to-stream', '/']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toContain('text/html');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('an id the platform does not have answers 404 with the app (not a soft 404); a known one 200', async ({ request, page }) => {
  // Issue 14: the web server asks the platform's catalogue (scripts/known-ids.mjs).
  for (const path of ['/video/no-such-title', '/live/no-such-event/x', '/series/no-such-series', '/fighters/no-such-fighter', '/externalpage/no-such-page']) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(answer.headers()['content-type'], path).toContain('text/html');
  }
  for (const path of ['/video/welcome-to-stream', '/fighters', '/search']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  await page.goto('/series/no-such-series');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the public routes are served prerendered, with their page code preloaded', async ({ request }) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('data-prerendered="auth"');
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/login-[^"]+\.js">/);
  expect(html).toMatch(/<script src="\/assets\/boot-[^"]+\.js"><\/script>/);
  expect(html).toContain('<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />');
});
