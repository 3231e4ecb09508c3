import { limits } from '@facet/contracts';

/** Hue of icon N: the 23 icons spread evenly around the colour wheel, so neighbours differ. */
const hueOf = (icon: number) => Math.round(((icon - 1) * 360) / limits.browserIconCount);

/**
 * The white marks drawn on the icons, in a 24×24 box: shapes, never digits, so that an icon does
 * not read as the small number a running browser gets (the spec's profile states).
 */
const MARKS: readonly string[] = [
  'M12 5a7 7 0 1 0 0 14a7 7 0 1 0 0-14z', // disc
  'M12 4l8 14H4z', // triangle
  'M12 3l9 9l-9 9l-9-9z', // diamond
  'M6 6h12v12H6z', // square
  'M12 3l2.6 5.6l6.1.7l-4.5 4.2l1.2 6L12 16.6L6.6 19.5l1.2-6L3.3 9.3l6.1-.7z', // star
  'M12 4l7.6 5.5l-2.9 9H7.3l-2.9-9z', // pentagon
  'M10 4h4v6h6v4h-6v6h-4v-6H4v-4h6z', // cross
  'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16zM12 8.5a3.5 3.5 0 1 1 0 7a3.5 3.5 0 1 1 0-7z', // ring
];

/**
 * Browser icon N of 23 (spec §9: drawn on a 40×40 canvas): a rounded square in its own colour
 * with a white mark on it (eight marks, so neighbouring icons differ in both). Deterministic, so
 * the same icon looks the same everywhere.
 */
export function GroupIcon({ icon, size = limits.iconCanvasPx }: { icon: number; size?: number }) {
  const n = Math.min(Math.max(Math.trunc(icon) || 1, 1), limits.browserIconCount);
  return (
    <span
      aria-hidden
      data-icon={n}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: Math.round(size / 5),
        background: `hsl(${hueOf(n)} 62% 48%)`,
        flex: 'none',
      }}
    >
      <svg width={Math.round(size * 0.62)} height={Math.round(size * 0.62)} viewBox="0 0 24 24" focusable="false">
        <path d={MARKS[(n - 1) % MARKS.length]} fill="#fff" fillRule="evenodd" />
      </svg>
    </span>
  );
}
