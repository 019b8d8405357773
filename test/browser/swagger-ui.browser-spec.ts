import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { ARTIFACTS, Service, startService } from '../../scripts/lib/service-process';

/**
 * Swagger UI as an integrator meets it: Debian's Chromium opens /docs on the built service,
 * authorises with an account API key and runs "Try it out" on POST /v1/events with its example.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT = join(ARTIFACTS, 'swagger-ui.png');

describe('Swagger UI in headless Chromium (browser)', () => {
  let service: Service;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    service = await startService({
      name: 'browser-service',
      embeddedPgPort: Number(process.env.BROWSER_PG_PORT ?? 54346),
      embeddedPgDir: process.env.BROWSER_PG_DIR ?? '.data/browser-pg',
    });
    apiKey = await issueKey(service);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
    page.on('pageerror', (error) => pageErrors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console error: ${message.text()}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('authorises with an API key and runs "Try it out" on POST /v1/events', async () => {
    await page.goto(`${service.baseUrl}/docs`);
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'Outreach Ingest' }).waitFor();

    await page.locator('.auth-wrapper button.authorize').click();
    const scheme = page
      .locator('.auth-container')
      .filter({ has: page.locator('h4 code', { hasText: /^api-key$/ }) });
    await scheme.locator('input').fill(apiKey);
    await scheme.locator('button.authorize').click();
    await expectVisible(scheme.getByText('Authorized'));
    await page.locator('.dialog-ux button.close-modal').click();

    const operation = page.locator('.opblock-post').filter({
      has: page.locator('.opblock-summary-path[data-path="/v1/events"]'),
    });
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();

    const response = operation.locator('.live-responses-table .response');
    await response.waitFor();
    await response.scrollIntoViewIfNeeded();
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: SCREENSHOT });

    expect((await response.locator('.response-col_status').innerText()).trim()).toBe('200');
    const body = JSON.parse(
      await response.locator('.response-col_description pre').first().innerText(),
    );
    expect(body).toEqual({ success: 1, total: 1, errors: { count: 0, details: [] } });
    expect(pageErrors).toEqual([]);
  });
});

async function expectVisible(locator: ReturnType<Page['locator']>): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

async function issueKey(service: Service): Promise<string> {
  const admin = { 'x-admin-key': service.adminKey, 'content-type': 'application/json' };
  const account = await fetch(`${service.baseUrl}/v1/admin/accounts`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name: `Swagger UI ${Date.now()}` }),
  });
  const { id } = (await account.json()) as { id: string };
  const issued = await fetch(`${service.baseUrl}/v1/admin/accounts/${id}/api-keys`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name: 'browser' }),
  });
  return ((await issued.json()) as { key: string }).key;
}
