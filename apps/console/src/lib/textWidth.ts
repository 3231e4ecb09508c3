let context: CanvasRenderingContext2D | null | undefined;

/**
 * How many pixels a one-line text takes in the page's font at `size` px: for columns sized to
 * their labels, which are twice as long in German as in English (issue 36), and drawn wider by
 * one system's font than another's. A rough guess where there is no canvas (tests in Node).
 */
export function textWidth(text: string, size = 14): number {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return Math.ceil(text.length * size * 0.6);
  context.font = `${size}px ${getComputedStyle(document.body).fontFamily}`;
  return Math.ceil(context.measureText(text).width);
}
