import { TimeoutError, type ElementHandle, type Frame, type Locator } from 'puppeteer-core';
import { PageFailure } from './pageFailure.ts';

/**
 * Finding what a page tool acts on. A selector gets a short wait (pages render late), and a
 * selector that matches nothing in time is `element_not_found`, naming the selector.
 */
// Named through Frame's own answers: the agent compiles without the DOM's types.
export type PageElement = NonNullable<Awaited<ReturnType<Frame['waitForSelector']>>>;
// A locator of an element (click, fill and hover want one), named through the element type above:
// Frame['locator'] is overloaded, and its return type reads as Locator<unknown> where the DOM's
// types are in scope (the benchmarks compile the agent so).
type PageNode = PageElement extends ElementHandle<infer N> ? N : never;
type PageLocator = Locator<PageNode>;

export const ELEMENT_WAIT_MS = 5_000;

export async function findElement(frame: Frame, selector: string): Promise<PageElement> {
  try {
    const element = await frame.waitForSelector(selector, { timeout: ELEMENT_WAIT_MS });
    if (element) return element;
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
  }
  throw new PageFailure('element_not_found', selector);
}

/** Runs `action` on a locator, which also waits for the element to be visible, enabled and still. */
export async function onLocator<T>(frame: Frame, selector: string, action: (locator: PageLocator) => Promise<T>): Promise<T> {
  try {
    return await action(frame.locator(selector).setTimeout(ELEMENT_WAIT_MS) as PageLocator);
  } catch (error) {
    if (error instanceof TimeoutError) throw new PageFailure('element_not_found', selector);
    throw error;
  }
}

/** The centre of an element in the page's coordinates; an element with no box (hidden) cannot be pointed at. */
export async function centreOf(element: PageElement, selector: string): Promise<{ x: number; y: number }> {
  await element.scrollIntoView();
  const box = await element.boundingBox();
  if (!box) throw new PageFailure('element_not_found', `${selector} (not visible)`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
