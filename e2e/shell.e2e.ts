import { mkdirSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, newLearner, registerViaUi, test, startInTheme } from './support/fixtures';
import { settled } from './support/settled';
import { fullPageScreenshot } from './support/screenshot';

const THEMES = [
  { id: 'light', name: 'Light' },
  { id: 'dark', name: 'Dark' },
  { id: 'high-contrast', name: 'High Contrast' },
] as const;

/** How many pixels of the element's text are cut off, across or down (0 or less: none). */
const cutShort = (el: Locator) =>
  el.evaluate((e) => Math.max(e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight));

test.describe('signed out', () => {
  test('public redirects and titles', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('SignSpeak | Sign In');
    await page.goto(`${base}/register`);
    await expect(page).toHaveTitle('SignSpeak | Register');
    for (const path of ['/dashboard', '/asl-world', '/harmony', '/reconnect', '/plugins', '/nowhere']) {
      await page.goto(`${base}${path}`);
      await expect(page).toHaveURL(/\/login$/);
    }
  });
});

test.describe('first visit with prefers-contrast: more and prefers-reduced-motion: reduce', () => {
  test.use({ contrast: 'more', reducedMotion: 'reduce' });

  test('the preferences follow the operating system before the first paint', async ({ page, base }) => {
    await page.goto(`${base}/login`);
    const root = page.locator('html');
    await expect(root).toHaveAttribute('data-theme', 'high-contrast');
    await expect(root).toHaveAttribute('data-reduced-motion', 'true');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('signed in', () => {
  test('titles, redirects and the module name in the header follow the path', async ({ page, base }) => {
    test.slow();
    await registerViaUi(page);
    const current = page.getByTestId('current-module');
    const cases: [string, string, string][] = [
      ['/dashboard', 'SignSpeak | Dashboard', 'Dashboard'],
      ['/asl-world', 'SignSpeak | ASL World', 'ASL World'],
      ['/harmony', 'SignSpeak | Harmony', 'Harmony'],
      ['/reconnect', 'SignSpeak | Reconnect', 'Reconnect'],
    ];
    for (const [path, title, module] of cases) {
      await page.goto(`${base}${path}`);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page).toHaveTitle(title);
      await expect(current).toHaveText(`Current module: ${module}`);
      await settled(page);
    }
    // Client-side navigation through the sidebar changes the module name too.
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Harmony' }).click();
    await expect(page).toHaveURL(/\/harmony$/);
    await expect(current).toHaveText('Current module: Harmony');
    await expect(page).toHaveTitle('SignSpeak | Harmony');

    for (const [from, to] of [
      ['/', '/dashboard'],
      ['/login', '/dashboard'],
      ['/register', '/dashboard'],
      ['/plugins', '/dashboard'],
      ['/no/such/page', '/dashboard'],
    ]) {
      await page.goto(`${base}${from}`);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }
    await expect(page).toHaveTitle('SignSpeak | Dashboard');
  });

  test('shell: sidebar with System Ready, user menu, dashboard greeting', async ({ page }) => {
    const learner = await registerViaUi(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Welcome, ${learner.firstName}`);
    const sidebar = page.getByRole('navigation', { name: 'Modules' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByText('System Ready')).toBeVisible();
    for (const name of ['Dashboard', 'ASL World', 'Plugins', 'Harmony', 'Reconnect']) {
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    }
    // The dashboard is longer than the window: scrolled to its end, the modules stay in view.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(200);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeInViewport();
    await expect(sidebar.getByText('System Ready')).toBeInViewport();
    mkdirSync('test-results/screenshots', { recursive: true });
    await page.screenshot({ path: 'test-results/screenshots/dashboard-scrolled-to-end.png' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('button', { name: 'Close sidebar' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Close sidebar' }).click();
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(sidebar).toBeVisible();
    await page.getByRole('link', { name: 'Start practising' }).click();
    await expect(page).toHaveURL(/\/asl-world$/);
  });

  test('a name of 64 characters stays inside the header, the greeting and the user menu, wide and on a phone', async ({
    page,
  }) => {
    const long = 'Maximiliana-Alexandrina-Konstantinopoulou-Wolfeschlegelsteinhaus';
    // the form takes at most 64 characters (a longer one used to stop registration without a word)
    await registerViaUi(page, { ...newLearner(), firstName: `${long}-and-more` });
    const hero = page.locator('.dashboard-hero');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${long}!`);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const card = (await hero.boundingBox())!;
      const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      expect(title.x + title.width).toBeLessThanOrEqual(card.x + card.width);
      // the page's name in the header is whole beside the name's button
      expect(await cutShort(page.locator('.header .current-module'))).toBeLessThanOrEqual(0);
      // the button is named by the learner's name, on a phone too (where the name is out of sight)
      await page.getByRole('button', { name: long, exact: true }).click();
      const menu = page.getByRole('menu', { name: 'User menu' });
      await expect(menu).toContainText(long);
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeInViewport();
      await page.keyboard.press('Escape');
    }
  });

  test('user menu works with the keyboard alone', async ({ page }) => {
    const learner = await registerViaUi(page);
    const button = page.getByRole('button', { name: new RegExp(learner.firstName) });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'User menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toContainText(learner.email);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const item = (name: string) => menu.getByRole('menuitem', { name });
    await expect(item('Profile')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Settings')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Logout')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Profile')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('Logout')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(item('Profile')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Open again with ArrowDown and go to Settings with Enter.
    await page.keyboard.press('ArrowDown');
    await expect(item('Profile')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page).toHaveTitle('SignSpeak | Settings');

    // Logout by keyboard goes to /login.
    await button.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await expect(item('Logout')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('theme change shows a toast and persists across reload with no flash', async ({ page }) => {
    await registerViaUi(page);
    const picker = page.getByLabel('Theme');
    for (const theme of [THEMES[1], THEMES[2], THEMES[0]]) {
      await picker.selectOption(theme.id);
      await expect(page.getByRole('status').filter({ hasText: `Theme changed to ${theme.name}` })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme.id);
    }
    await picker.selectOption('dark');
    // Record the theme at the moment <body> is created, i.e. before anything could be painted.
    await page.addInitScript(() => {
      const w = window as unknown as { __themeAtBody?: string };
      new MutationObserver((_, obs) => {
        if (document.body) {
          w.__themeAtBody = document.documentElement.dataset.theme ?? 'none';
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    const atBody = await page.evaluate(() => (window as unknown as { __themeAtBody?: string }).__themeAtBody);
    expect(atBody).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect(picker).toHaveValue('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(15, 20, 32)');
  });

  test('font size and accessibility settings apply, notify and persist', async ({ page, base }) => {
    await registerViaUi(page);
    await page.goto(`${base}/settings`);
    await expect(page).toHaveTitle('SignSpeak | Settings');
    const html = page.locator('html');
    await expect(html).toHaveCSS('font-size', '16px');
    await page.getByLabel('Large (18 px)').check();
    await expect(page.getByRole('status').filter({ hasText: 'Accessibility settings updated' })).toBeVisible();
    await expect(html).toHaveCSS('font-size', '18px');
    await page.getByLabel('Extra large (20 px)').check();
    await expect(html).toHaveCSS('font-size', '20px');
    await page.getByLabel('Reduce motion').check();
    await expect(html).toHaveAttribute('data-reduced-motion', 'true');
    await page.getByLabel('High contrast').check();
    await expect(html).toHaveAttribute('data-theme', 'high-contrast');
    await page.reload();
    await expect(html).toHaveCSS('font-size', '20px');
    await expect(html).toHaveAttribute('data-theme', 'high-contrast');
    await page.getByLabel('High contrast').uncheck();
    await page.getByLabel('Small (14 px)').check();
    await expect(html).toHaveCSS('font-size', '14px');
  });

  test('Harmony and Reconnect are real pages saying what is coming', async ({ page, base }) => {
    await registerViaUi(page);
    for (const [path, name, text] of [
      ['/harmony', 'Harmony', 'practise together with other learners'],
      ['/reconnect', 'Reconnect', 'Community challenges'],
    ]) {
      // from the dashboard's card, its link named for its module (two cards say "See what is planned")
      await page.goto(`${base}/dashboard`);
      await page.getByRole('link', { name: `See what is planned for ${name}`, exact: true }).click();
      await expect(page).toHaveURL(`${base}${path}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('Coming soon', { exact: true })).toBeVisible();
      await expect(page.locator('.lead')).toContainText(text);
      await expect(page.getByRole('link', { name: 'Go to ASL World' })).toBeVisible();
    }
  });

  test('the offline banner follows the browser online state', async ({ page, context }) => {
    await registerViaUi(page);
    const banner = page.getByText('No internet connection. Some features may not work.');
    await expect(banner).toBeHidden();
    await context.setOffline(true);
    await expect(banner).toBeVisible();
    // in sight after scrolling down (as to the practice card), with the header whole below it, on a phone too
    for (const [width, height] of [
      [1280, 500],
      [390, 500],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(banner).toBeInViewport({ ratio: 1 });
      const b = (await banner.boundingBox())!;
      const header = (await page.locator('.header').boundingBox())!;
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(header.y).toBeGreaterThanOrEqual(b.y + b.height - 1);
    }
    await context.setOffline(false);
    await expect(banner).toBeHidden();
  });

  test('route transitions are marked finished', async ({ page }) => {
    await registerViaUi(page);
    await settled(page);
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Reconnect' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reconnect' })).toBeVisible();
    await settled(page);
  });

  test('after a reload a transition is not finished while the session check or a skeleton is on screen', async ({
    page,
    base,
  }) => {
    await registerViaUi(page);
    await page.goto(`${base}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // A slow network: the session check at start-up is answered 400 ms late.
    await page.route('**/auth/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    // Each moment the page reads as finished, with what was on screen then.
    await page.addInitScript(() => {
      const seen: { heading: boolean; placeholder: boolean }[] = [];
      (window as unknown as { finishedSeen: typeof seen }).finishedSeen = seen;
      new MutationObserver(() => {
        if (document.documentElement.dataset.routeTransition !== 'finished') return;
        seen.push({
          heading: Array.from(document.querySelectorAll('h1')).some((h) => h.textContent === 'Settings'),
          placeholder: document.querySelector('[role="status"].skeleton, .auth-init, .center-screen') !== null,
        });
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-route-transition'] });
    });
    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { finishedSeen: unknown[] }).finishedSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toEqual({ heading: true, placeholder: false });
  });

  test('screenshots of the dashboard in each theme', async ({ page }) => {
    await registerViaUi(page);
    mkdirSync('test-results/screenshots', { recursive: true });
    for (const theme of THEMES) {
      await page.getByLabel('Theme').selectOption(theme.id);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme.id);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      // Dismiss the theme toasts by keyboard-reachable buttons so they do not cover the page.
      const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
      while ((await dismiss.count()) > 0) await dismiss.first().click();
      await expect(dismiss).toHaveCount(0);
      await fullPageScreenshot(page, `test-results/screenshots/${theme.id}.png`);
    }
  });
});

test.describe('mobile 375x812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('bottom navigation with at most 5 modules and the sidebar closed', async ({ page }) => {
    await registerViaUi(page);
    const bottom = page.getByRole('navigation', { name: 'Mobile navigation' });
    await expect(bottom).toBeVisible();
    const links = bottom.getByRole('link');
    expect(await links.count()).toBeLessThanOrEqual(5);
    await expect(links.first()).toHaveText('Dashboard');
    mkdirSync('test-results/screenshots', { recursive: true });
    await page.screenshot({ path: 'test-results/screenshots/mobile-dashboard.png' });
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open sidebar' })).toHaveAttribute('aria-expanded', 'false');
    await bottom.getByRole('link', { name: 'Harmony' }).tap();
    await expect(page).toHaveURL(/\/harmony$/);
    await expect(page.getByTestId('current-module')).toHaveText('Current module: Harmony');
    // The sidebar opens on demand and closes again after choosing a module.
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    const sidebar = page.getByRole('navigation', { name: 'Modules' });
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('link', { name: 'Reconnect' }).click();
    await expect(page).toHaveURL(/\/reconnect$/);
    await expect(sidebar).toBeHidden();
    await fullPageScreenshot(page, 'test-results/screenshots/mobile.png');
  });

  test('the header and the story picker are 44 px high to tap (WCAG 2.5.5)', async ({ page, base }) => {
    await registerViaUi(page);
    const heights = async (targets: import('@playwright/test').Locator[]) =>
      Promise.all(targets.map(async (t) => (await t.boundingBox())!.height));
    const header = [
      page.getByRole('button', { name: 'Open sidebar' }),
      page.getByLabel('Theme'),
      page.locator('.user-button'), // the avatar
    ];
    for (const h of await heights(header)) expect(h).toBeGreaterThanOrEqual(44);
    await page.goto(`${base}/asl-world`);
    await expect(page.getByRole('heading', { name: 'Choose a story' })).toBeVisible();
    const tabs = await page.locator('.level-tab').all();
    expect(tabs).toHaveLength(4);
    for (const h of await heights(tabs)) expect(h).toBeGreaterThanOrEqual(44);
  });

  test("the header shows the page's name and the chosen theme whole, in every theme", async ({ page, base }) => {
    await registerViaUi(page);
    const picker = page.getByLabel('Theme');
    const name = page.getByTestId('current-module');
    // the shortest page name and the longest
    for (const [path, pageName] of [
      ['/dashboard', 'Dashboard'],
      ['/about-recognition', 'About recognition'],
    ])
      for (const theme of THEMES) {
        if (!page.url().endsWith(path)) await page.goto(`${base}${path}`);
        await expect(name).toContainText(pageName);
        await picker.selectOption({ label: theme.name });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme.id);
        // The page's name is not cut short, across or down.
        expect(await cutShort(name), `${pageName} in ${theme.name}`).toBeLessThanOrEqual(0);
        // The picker is at least as wide as the same select sized to the theme it shows.
        const shortBy = await picker.evaluate((select: HTMLSelectElement) => {
          const copy = select.cloneNode(true) as HTMLSelectElement;
          copy.value = select.value;
          copy.style.cssText =
            'position:absolute;visibility:hidden;field-sizing:content;max-width:none;min-width:0;width:auto';
          select.parentElement!.appendChild(copy);
          const whole = copy.getBoundingClientRect().width;
          copy.remove();
          return whole - select.getBoundingClientRect().width;
        });
        expect(shortBy, `picker showing ${theme.name} on ${pageName}`).toBeLessThanOrEqual(0.5);
        mkdirSync('test-results/screenshots', { recursive: true });
        await page
          .locator('header')
          .screenshot({ path: `test-results/screenshots/header-375${path.replace('/', '-')}-${theme.id}.png` });
      }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('a phone with the largest text (20 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('no page scrolls sideways, the avatar stays on the screen, and the About table fits its card', async ({
    page,
    base,
  }) => {
    await startInTheme(page, 'high-contrast');
    await page.addInitScript(() =>
      localStorage.setItem('user_preferences', JSON.stringify({ accessibility: { fontSize: 'xlarge' } })),
    );
    await registerViaUi(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
    for (const path of ['/dashboard', '/settings', '/about-recognition', '/asl-world']) {
      await page.goto(`${base}${path}`);
      await expect(page.locator('h1').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expect(page.locator('.user-button')).toBeInViewport({ ratio: 1 });
      if (path !== '/about-recognition') continue;
      const fit = await page
        .locator('table')
        .first()
        .evaluate((t) => ({ table: t.scrollWidth, wrap: t.parentElement!.clientWidth }));
      expect(fit.table).toBeLessThanOrEqual(fit.wrap);
    }
  });
});

test.describe('the smallest phone, 320x568', () => {
  test.use({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true });

  test('the longest page name and "High Contrast" stay whole and the page no wider than the screen', async ({
    page,
    base,
  }) => {
    await startInTheme(page, 'high-contrast');
    await registerViaUi(page);
    await page.goto(`${base}/about-recognition`);
    const name = page.getByTestId('current-module');
    await expect(name).toContainText('About recognition');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'high-contrast');
    expect(await cutShort(name)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // the theme picker shows "High Contrast" whole: as wide in the header as on its own
    const picker = await page.evaluate(() => {
      const inHeader = document.querySelector<HTMLElement>('header .theme-picker')!;
      const alone = inHeader.cloneNode(true) as HTMLElement;
      alone.style.cssText = 'position: absolute; left: 0; top: 0; visibility: hidden';
      document.body.append(alone);
      // a clone shows its first option: the theme chosen is a property, not an attribute
      alone.querySelector('select')!.value = inHeader.querySelector('select')!.value;
      const widths = [inHeader, alone].map((el) => el.querySelector('select')!.getBoundingClientRect().width);
      alone.remove();
      return widths;
    });
    expect(picker[0]).toBeGreaterThanOrEqual(picker[1]! - 0.5);
    mkdirSync('test-results/screenshots', { recursive: true });
    await page
      .locator('header')
      .screenshot({ path: 'test-results/screenshots/header-320-about-recognition-high-contrast.png' });
  });
});
