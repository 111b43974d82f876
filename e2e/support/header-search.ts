import type { Page } from 'playwright-core';

/**
 * Picks a search type in the header's select and waits for the input's placeholder to follow. It
 * opens the select once any earlier dropdown has fully closed, and clicks the option of the open
 * dropdown. On a loaded machine a click during the dropdown's opening animation is sometimes lost,
 * so it tries up to three times. What the test checks is that the type switches, not how often a
 * click needs making.
 */
export async function chooseSearchType(page: Page, title: string, placeholder: string) {
  const search = page.getByTestId('header-search');
  const openDropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  for (let attempt = 1; ; attempt++) {
    // A pick lost on a loaded machine leaves the list open: close it before trying again.
    if ((await openDropdown.count()) > 0) await page.keyboard.press('Escape');
    await openDropdown.waitFor({ state: 'detached' });
    await search.locator('.ant-select').click();
    await page
      .locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`)
      .click();
    const switched = await search
      .getByPlaceholder(placeholder)
      .waitFor({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (switched || attempt === 3) return;
  }
}
