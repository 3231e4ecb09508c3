import { limits } from '@facet/contracts';

/** Hue of icon N: the 23 icons spread evenly around the colour wheel, so neighbours differ. */
const hueOf = (icon: number) => Math.round(((icon - 1) * 360) / limits.browserIconCount);

/**
 * Browser icon N of 23 (spec §9: drawn on a 40×40 canvas): a rounded square in its own colour
 * with the number on it. Deterministic, so the same icon looks the same everywhere.
 */
export function GroupIcon({ icon, size = limits.iconCanvasPx }: { icon: number; size?: number }) {
  const n = Math.min(Math.max(Math.trunc(icon) || 1, 1), limits.browserIconCount);
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: Math.round(size / 5),
        background: `hsl(${hueOf(n)} 62% 48%)`,
        color: '#fff',
        fontWeight: 600,
        fontSize: Math.round(size * 0.4),
        flex: 'none',
        userSelect: 'none',
      }}
    >
      {n}
    </span>
  );
}
