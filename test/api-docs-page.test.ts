import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { BROWSER_LAUNCH_TIMEOUT, launchBrowser } from './support/browser.js';
import { useTestServer } from './support/suite.js';

describe('the interactive documentation page', () => {
  const server = useTestServer();
  let browser: Browser;
  let screenshots: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // NOBAT_SCREENSHOTS=<dir> keeps the screenshot for a person to look at; otherwise it goes to a temporary folder.
    screenshots = process.env.NOBAT_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'nobat-docs-'));
  }, BROWSER_LAUNCH_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    if (screenshots && !process.env.NOBAT_SCREENSHOTS) rmSync(screenshots, { recursive: true, force: true });
  });

  it('loads in a real browser and lists every operation of the document, asking nothing of another host', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    const pageErrors: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => pageErrors.push(error.message));

    const response = await page.goto(`${server.url}/api/docs`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('nobat API');
    await page.locator('.opblock-summary-path[data-path="/api/auth/login"]').waitFor({ timeout: 30_000 });

    const document = (await server.client().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const expected = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const listed = await page.locator('.opblock').evaluateAll((blocks) =>
      blocks.map((block) => `${block.querySelector('.opblock-summary-method')?.textContent} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
    );
    expect(listed.sort()).toEqual(expected.sort());
    await expect(page.getByText('Sign in with username and password').isVisible()).resolves.toBe(true);

    const file = join(screenshots, 'docs.png');
    await page.screenshot({ path: file, fullPage: true });
    expect(existsSync(file)).toBe(true);

    const origin = new URL(server.url).origin;
    const elsewhere = requested.filter((url) => !['data:', 'blob:'].includes(new URL(url).protocol) && new URL(url).origin !== origin);
    expect(elsewhere).toEqual([]);
    expect(requested).toEqual(expect.arrayContaining([`${origin}/api/docs/swagger-ui-bundle.js`, `${origin}/api/openapi.json`]));
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('serves its assets from the service itself', async () => {
    const client = server.client();
    const script = await client.get('/api/docs/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const style = await client.get('/api/docs/swagger-ui.css');
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    const slash = await fetch(`${server.url}/api/docs/`, { redirect: 'manual' });
    expect([slash.status, slash.headers.get('location')]).toEqual([301, '/api/docs']);
    // Only the files the page uses: not the package's demo page, which would load a remote example.
    expect((await client.get('/api/docs/index.html')).status).toBe(404);
  });
});
