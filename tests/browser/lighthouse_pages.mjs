// Lighthouse over many pages with one chromium (tests/browser/test_audits.py): a run of the
// command-line tool starts a browser and loads Lighthouse for each page, which cost as much CPU
// as the audits themselves. Usage: node lighthouse_pages.mjs <jobs.json> <reports directory>;
// jobs: [{"name", "url", "cookie", "categories", "blocked"}] (blocked: URL patterns refused).
// Each page's report is written to <directory>/<name>.json, or what went wrong to
// <directory>/<name>.error.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {pageFunctions} from 'lighthouse/core/lib/page-functions.js';

// Before each page Lighthouse measures the machine: two loops in the page that keep a core busy
// for a second, whatever the machine (lighthouse/core/gather/driver/environment.js). Only the
// performance category reads the figure, and it is not run here (bench/lighthouse.py scores it):
// a fixed figure instead saves a second of CPU a page, a minute of `make test`. Lighthouse's
// version is pinned (package-lock.json); were the function renamed, the pages would still be
// audited, only slower.
pageFunctions.computeBenchmarkIndex = function computeBenchmarkIndex() { return 1000; };

// How long Lighthouse waits for a page to settle before it audits it: a second after the first
// paint, a second after load, a second with no request and a second with no long task, each
// sized for the performance category's trace (its defaults, lighthouse/core/config/
// constants.js). The categories run here read the page once loaded; a quarter of a second each
// still waits for the page's own scripts (a poll, the engine's refused download) to start.
const SETTLED = {
  pauseAfterFcpMs: 250,
  pauseAfterLoadMs: 250,
  networkQuietThresholdMs: 250,
  cpuQuietThresholdMs: 250,
};

const [jobsFile, reports] = process.argv.slice(2);
const jobs = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const job of jobs) {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: job.categories,
      extraHeaders: job.cookie ? { Cookie: job.cookie } : undefined,
      blockedUrlPatterns: job.blocked ?? [],
      disableFullPageScreenshot: true, // the report's picture of the page: nothing here reads it
      ...SETTLED,
    };
    try {
      const result = await lighthouse(job.url, flags);
      fs.writeFileSync(path.join(reports, `${job.name}.json`), JSON.stringify(result.lhr));
    } catch (error) {
      fs.writeFileSync(path.join(reports, `${job.name}.error`), String(error?.stack ?? error));
    }
  }
} finally {
  await chrome.kill();
}
