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

/**
 * Starts noting whether antd animates anything from now on: while a transition runs, its motion
 * puts an `*-appear-active`, `*-enter-active` or `*-leave-active` class on the element
 * (`ant-zoom-appear-active` on a dialog). Without motion only the instant `*-prepare` step is
 * taken, which moves nothing. Classes are watched, not running animations, so a slow machine
 * cannot miss a short one. Resolves to a reader of what was seen.
 */
export async function watchMotionClasses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __motionSeen: string[] }).__motionSeen = seen;
    const note = (element: Element) => {
      for (const name of Array.from(element.classList)) if (/-(appear|enter|leave)-active$/.test(name) && !seen.includes(name)) seen.push(name);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target instanceof Element) note(record.target);
        for (const added of Array.from(record.addedNodes)) if (added instanceof Element) [added, ...Array.from(added.querySelectorAll('*'))].forEach(note);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  return () => page.evaluate(() => (globalThis as unknown as { __motionSeen: string[] }).__motionSeen);
}
