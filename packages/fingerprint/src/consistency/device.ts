import type { OperatingSystem } from '@facet/contracts';

export type DeviceKind = 'desktop' | 'mobile';

const kinds: Record<OperatingSystem, DeviceKind> = { windows: 'desktop', macos: 'desktop', linux: 'desktop', android: 'mobile', ios: 'mobile' };

export function deviceOf(os: OperatingSystem): DeviceKind {
  return kinds[os];
}

/** "1920x1080" as numbers; null when the text is not a resolution (the form says so itself). */
export function parseResolution(resolution: string): { width: number; height: number } | null {
  const match = /^(\d{2,5})\s*[x×]\s*(\d{2,5})$/i.exec(resolution);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}
