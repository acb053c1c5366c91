/** Chromium as the browser tests launch it (the same executable and flags, from playwright.config.ts). */
import { chromium, type Browser } from '@playwright/test';
import config from '../playwright.config.ts';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ ...config.use?.launchOptions, headless: true });
}
