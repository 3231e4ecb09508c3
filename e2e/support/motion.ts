import type { Locator, Page } from 'playwright-core';

/**
 * Waits until every finite animation on the page has finished (antd's dialogs zoom in, menus
 * slide); the running bar's shimmer and spinners never end and are not waited for.
 */
export async function motionEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          // A paused animation moves nothing and would never finish.
          .filter((animation) => animation.playState !== 'paused' && animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      // antd's motions last 0.1–0.3 s: anything longer is not what a click waits for.
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
}

/**
 * Clicks once what holds it has stopped moving. Playwright checks that the element is still
 * before it presses, not between press and release: in a dialog still zooming in, the button
 * grows under the pointer, the release lands beside it, and the click goes to the dialog's
 * wrapper (seen in the API token journey: mousedown on the button, mouseup and click on
 * `.ant-modal-wrap`, no request sent).
 */
export async function clickWhenStill(locator: Locator): Promise<void> {
  await locator.waitFor();
  await motionEnded(locator.page());
  await locator.click();
}
