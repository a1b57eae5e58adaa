/**
 * The HTML report of a failing example opened in a real browser (issue 37): headless Chromium
 * (Debian's package, at /usr/bin/chromium; `.ci/run` installs it) driven by playwright-core.
 * Screenshots are kept under test-results/html-report/ (git-ignored) as the run's artefacts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTEFACTS = resolve('test-results/html-report');
/** The legacy example fails most identity, create and resume requirements, in directed checks and in the generated runs; 20 runs keep it short. */
const CONFORM = ['conform', '--adapter', 'examples/legacy/adapter.ts', '--requirements', 'AIK-ID,AIK-CREATE,AIK-RESUME', '--runs', '20'];

/** A page of the browser and what it did: its requests, and its console errors and uncaught exceptions. */
interface Opened {
  readonly page: Page;
  readonly requests: string[];
  readonly errors: string[];
}

let context: Promise<BrowserContext> | undefined;
let profile: string | undefined;

/** The browser, launched on first use; a missing Chromium fails the test that needs it, never skips it: a green run must have looked at the page. */
function browser(): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: the HTML report test needs Debian's chromium package (apt-get install -y --no-install-recommends chromium; .ci/run installs it)`);
  if (context === undefined) {
    profile = mkdtempSync(join(tmpdir(), 'aik-chromium-profile-'));
    context = chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }
  return context;
}

/** Opens `file` in a fresh page, recording every request and every console error. */
async function open(file: string): Promise<Opened> {
  const page = await (await browser()).newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, requests, errors };
}

beforeAll(() => {
  mkdirSync(ARTEFACTS, { recursive: true });
});

afterAll(async () => {
  await (await context)?.close();
  if (profile !== undefined) rmSync(profile, { recursive: true, force: true });
});

describe('the HTML report in headless Chromium', () => {
  // Generous: a supervised conformance run of a failing example on a loaded machine, then the browser.
  it('conform --html of a failing example: the verdict, the failing step drawn, the filter working, no console error, no request but the file', async () => {
    await browser();
    const file = join(ARTEFACTS, 'legacy-conform.html');
    rmSync(file, { force: true });
    const run = await runCli([...CONFORM, '--html', file]);
    expect(run.code).toBe(1);
    // The chosen format (text) is still printed; the page is written beside it.
    expect(run.stdout).toMatch(/\nNOT CONFORMANT — /);
    expect(run.stderr).toContain(`wrote the HTML report to ${file}`);

    const { page, requests, errors } = await open(file);
    await expect.poll(() => page.locator('#verdict').textContent()).toMatch(/^NOT CONFORMANT — /);
    expect(await page.locator('#verdict').isVisible()).toBe(true);
    expect(await page.locator('dl.facts').textContent()).toContain('seed202611');

    // Each failure's run is drawn; the failing step is a visible red group with its mark.
    const failures = page.locator('section.failure');
    expect(await failures.count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('section.failure svg.sequence g.failing-step').count()).toBeGreaterThan(0);
    const failing = page.locator('section.failure svg.sequence g.failing-step').first();
    await failing.scrollIntoViewIfNeeded();
    expect(await failing.isVisible()).toBe(true);
    expect(await failing.locator('line, path').first().getAttribute('stroke')).toBe('#dc2626');
    const mark = page.locator('section.failure svg.sequence .failing-mark').first();
    expect(await mark.isVisible()).toBe(true);
    expect(await mark.textContent()).toMatch(/^✗ AIK-[A-Z]+-\d{3}\/\S+ failed /);
    const box = await failing.boundingBox();
    expect(box?.width).toBeGreaterThan(50);
    await page.locator('section.failure').first().screenshot({ path: join(ARTEFACTS, 'legacy-conform-failure.png') });

    // The filter: text hides the rows without it, the status filter the rows of other statuses.
    const rows = page.locator('#results tbody tr');
    const total = await rows.count();
    expect(total).toBeGreaterThan(5);
    await page.locator('#filter-text').fill('AIK-CREATE');
    const shown = page.locator('#results tbody tr:not([hidden])');
    expect(await shown.count()).toBeGreaterThan(0);
    expect(await shown.count()).toBeLessThan(total);
    for (const text of await shown.allTextContents()) expect(text).toContain('AIK-CREATE');
    expect(await page.locator('#filter-count').textContent()).toBe(`${await shown.count()} of ${total} shown`);
    await page.locator('#filter-text').fill('');
    await page.locator('#filter-status').selectOption('FAIL');
    const failed = await page.locator('#results tbody tr[data-status="FAIL"]').count();
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(total);
    expect(await shown.count()).toBe(failed);
    for (const status of await shown.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-status')))) expect(status).toBe('FAIL');
    await page.locator('#filter-status').selectOption('');
    expect(await shown.count()).toBe(total);
    await page.screenshot({ path: join(ARTEFACTS, 'legacy-conform.png'), fullPage: false });

    expect(errors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    await page.close();
  }, 240_000);

  it('replay --html of a failing scenario: the verdict, the first divergence drawn among the events heard, no console error, no request but the file', async () => {
    await browser();
    const file = join(ARTEFACTS, 'legacy-replay.html');
    rmSync(file, { force: true });
    const run = await runCli(['replay', 'scenarios/identity', '--adapter', 'examples/legacy/adapter.ts', '--html', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/\n2 scenarios: 0 passed, 2 failed, 0 not applicable\n$/);

    const { page, requests, errors } = await open(file);
    expect(await page.locator('#verdict').textContent()).toBe('2 scenarios: 0 passed, 2 failed, 0 not applicable');
    expect(await page.locator('svg.sequence g.message.event').count()).toBeGreaterThan(0);
    expect(await page.locator('svg.sequence g.failing-step').count()).toBeGreaterThan(0);
    const mark = page.locator('#failure-1 svg.sequence .failing-mark');
    await mark.scrollIntoViewIfNeeded();
    expect(await mark.isVisible()).toBe(true);
    expect(await mark.textContent()).toMatch(/^✗ first divergence \(step \d+\)$/);
    await page.locator('#filter-text').fill('opaque');
    expect(await page.locator('#results tbody tr:not([hidden])').count()).toBe(1);
    await page.locator('#failure-1').screenshot({ path: join(ARTEFACTS, 'legacy-replay-failure.png') });

    expect(errors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    await page.close();
  }, 240_000);
});
