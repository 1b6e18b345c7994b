import { expect, test } from '@playwright/test';

test('scrolling past 10 px gives the bar its scrolled look', async ({ page }) => {
  await page.goto('/consultants');
  const bar = page.locator('#site-nav');
  await expect(bar).not.toHaveAttribute('data-scrolled');
  await page.mouse.wheel(0, 400);
  await expect(bar).toHaveAttribute('data-scrolled', '');
});

test('the scroll buttons from another page go home, replacing the history entry', async ({
  page,
}) => {
  await page.goto('/privacy');
  await page.goto('/consultants');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/#faq$/);
  await expect(page.locator('#faq')).toBeInViewport();
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy$/);
});

test('the Services button on home scrolls to the services section', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Services' })
    .click();
  await expect(page.locator('#services h2').first()).toBeInViewport();
});

test('the mobile menu opens and closes when an item is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto('/');
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'FAQ' }).click();
  await expect(menu).toBeHidden();
  await expect(page.locator('#faq')).toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Our Team' }).click();
  await expect(page).toHaveURL(/\/consultants$/);
});
