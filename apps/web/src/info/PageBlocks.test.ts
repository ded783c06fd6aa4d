// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { pluginDocument, safeHref } from './PageBlocks';

describe('safeHref', () => {
  it('keeps paths of this site and http, https and mailto URLs, and drops every other', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('http://example.com')).toBe('http://example.com');
    expect(safeHref('mailto:help@example.com')).toBe('mailto:help@example.com');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,<script>alert(1)</script>')).toBeUndefined();
    expect(safeHref('/purchase')).toBe('/purchase');
    expect(safeHref('//evil.example/x')).toBeUndefined();
    expect(safeHref('/\\evil.example/x')).toBeUndefined();
    expect(safeHref('relative')).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });
});

describe('pluginDocument', () => {
  it('escapes every text: markup in the page stays text', () => {
    const html = pluginDocument(
      {
        title: '<script>alert(1)</script>',
        blocks: [
          { type: 'heading', text: 'About <b>us</b>' },
          { type: 'paragraph', text: '<img src=x onerror=alert(1)>' },
          { type: 'link', text: 'Help', url: 'javascript:alert(1)' },
          { type: 'link', text: 'Site', url: 'https://example.com/?a=1&b="2"' },
        ],
      },
      'ar',
      'rtl',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    expect(parsed.documentElement.lang).toBe('ar');
    expect(parsed.documentElement.dir).toBe('rtl');
    expect(parsed.querySelectorAll('script, img, b')).toHaveLength(0);
    expect(parsed.querySelector('h1')?.textContent).toBe('<script>alert(1)</script>');
    expect([...parsed.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com/?a=1&b="2"']);
  });
});
