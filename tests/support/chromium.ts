// Which Chromium the browser suites drive: Playwright's own build where one is installed,
// otherwise Debian's (CHROMIUM_PATH, default /usr/bin/chromium) with the flags this machine needs.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  const own = safeExecutablePath();
  if (own && existsSync(own)) return { args: CHROMIUM_FLAGS };
  return { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS };
}

function safeExecutablePath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
