import type { Page } from 'playwright-core';

/**
 * What does not fit in the part of the page `selector` names, as a person would see it:
 *
 * - an element sticking out of the box that holds it: a table cell (the row's content spills
 *   over its neighbour or is cut by the table's edge), a menu item, or any box that clips
 *   (overflow other than visible). A box that scrolls is fine: what is beyond is reachable;
 * - text cut by an ellipsis (scrollWidth > clientWidth) with no `title` to read it whole; those
 *   are returned apart (`cut`), for the caller to hover: antd's Typography shows the whole text
 *   in a tooltip instead of a title;
 * - anything beyond the window's edges.
 */
export async function misfitsIn(page: Page, selector: string): Promise<{ sticking: string[]; cut: string[] }> {
  return page.evaluate((rootSelector) => {
    const sticking: string[] = [];
    const cut: string[] = [];
    const slack = 1.5;
    const name = (el: Element) => {
      const id = el.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
      const cls = typeof el.className === 'string' ? el.className.split(' ').filter((c) => c && !c.startsWith('css-'))[0] ?? '' : '';
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${id ? ` in ${id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    // antd's measuring copies (hidden rows, ellipsis measures) are not seen by anyone.
    const measuring = (el: Element) => el.closest('[aria-hidden="true"], .ant-table-measure-row, .ant-table-hidden') !== null;
    const interactive = 'button, a, input, textarea, [role="button"], [role="menuitem"], .ant-tag, .ant-select, .ant-checkbox, .ant-avatar, img';
    const ownText = (el: Element) => Array.from(el.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    // What a person reads or uses: antd's decorations (a switch's hidden half, an input's
    // arrows drawn a pixel outside their box) may hang over by design.
    const meaningful = (el: Element) => ownText(el) || el.matches(interactive) || Array.from(el.querySelectorAll('*')).some((inner) => shown(inner) && (ownText(inner) || inner.matches(interactive)));
    /** The nearest box that holds `el` for our purpose, and whether what sticks out of it can still be seen. */
    const holder = (el: Element, root: Element): { box: Element; reachable: boolean } | null => {
      for (let up = el.parentElement; up && up !== root.parentElement; up = up.parentElement) {
        const style = getComputedStyle(up);
        // A box that scrolls: what is beyond is reachable. One that ends its text in "…": the cut check's.
        if (style.overflowX !== 'visible') return { box: up, reachable: style.overflowX === 'auto' || style.overflowX === 'scroll' || style.textOverflow === 'ellipsis' || up.classList.contains('ant-tabs-nav-wrap') };
        if (up.matches('td, th, .ant-menu-item, .ant-menu-submenu-title, .ant-dropdown-menu-item')) return { box: up, reachable: false };
      }
      return null;
    };
    const scrolled = (el: Element, root: Element) => {
      for (let up = el.parentElement; up && up !== root.parentElement; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow === 'auto' || overflow === 'scroll' || up.classList.contains('ant-tabs-nav-wrap')) return true;
      }
      return false;
    };
    // antd's folded menu keeps its labels in place at opacity 0; a tooltip shows them.
    const unseen = (el: Element) => {
      for (let up: Element | null = el; up; up = up.parentElement) if (Number(getComputedStyle(up).opacity) === 0) return true;
      return false;
    };
    /** Held by a box within the window that cuts it: the holder check's to judge, not the window's. */
    const clippedInside = (el: Element, root: Element) => {
      for (let up = el.parentElement; up && up !== root.parentElement; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const box = up.getBoundingClientRect();
        return box.left >= -slack && box.right <= window.innerWidth + slack;
      }
      return false;
    };
    const reported = new Set<Element>();
    const insideReported = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) if (reported.has(up)) return true;
      return false;
    };
    for (const old of Array.from(document.querySelectorAll('[data-fit-cut]'))) old.removeAttribute('data-fit-cut');
    for (const root of Array.from(document.querySelectorAll(rootSelector))) {
      if (!shown(root)) continue;
      for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
        if (!shown(el) || measuring(el) || (el.closest('svg') !== null && el.tagName.toLowerCase() !== 'svg') || insideReported(el)) continue;
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1 && !el.closest('[title]') && el.tagName !== 'INPUT') {
          cut.push(name(el));
          el.setAttribute('data-fit-cut', String(cut.length - 1));
        }
        if (style.position === 'fixed') continue;
        if ((box.left < -slack || box.right > window.innerWidth + slack) && !scrolled(el, root) && !clippedInside(el, root) && meaningful(el) && !unseen(el)) {
          sticking.push(`${name(el)} is beyond the window (${Math.round(box.left)}…${Math.round(box.right)} of ${window.innerWidth})`);
          reported.add(el);
          continue;
        }
        const held = holder(el, root);
        if (!held || held.reachable) continue;
        const outer = held.box.getBoundingClientRect();
        if ((box.left < outer.left - slack || box.right > outer.right + slack) && meaningful(el) && !unseen(el)) {
          sticking.push(`${name(el)} sticks out of ${name(held.box).split(' "')[0]} by ${Math.round(Math.max(outer.left - box.left, box.right - outer.right))} px`);
          reported.add(el);
        }
      }
    }
    return { sticking, cut };
  }, selector);
}

/**
 * The cut texts `misfitsIn` found that show no tooltip when hovered: those a person cannot read
 * whole anywhere.
 */
export async function unreadableCuts(page: Page, cut: string[]): Promise<string[]> {
  const unreadable: string[] = [];
  for (const [index, label] of cut.entries()) {
    const target = page.locator(`[data-fit-cut="${index}"]`);
    await target.hover({ timeout: 2_000 }).catch(() => undefined);
    // The tooltip must say what the cut text says, not be some other tooltip still showing.
    const words = ((await target.textContent().catch(() => '')) ?? '').trim().slice(0, 12);
    const tip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)', { hasText: words }).last();
    const shows = await tip.waitFor({ timeout: 1_500 }).then(
      () => true,
      () => false,
    );
    if (!shows) unreadable.push(`${label} is cut with no title or tooltip`);
    await page.mouse.move(0, 0);
    await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').first().waitFor({ state: 'hidden', timeout: 1_500 }).catch(() => undefined);
  }
  return unreadable;
}
