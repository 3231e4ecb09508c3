import type { OperatingSystem } from '@facet/contracts';
import { contradiction, side, type Rule } from './types.ts';

/**
 * Graphics stacks that exist on some systems only, recognised in the WebGL vendor or renderer.
 * The first family that matches decides, so the order carries the exceptions: Windows on Arm
 * names its Adreno through Direct3D; Linux's Mesa drives Mali (Panfrost) and Apple GPUs (Asahi).
 * A renderer of no family here (NVIDIA, SwiftShader, an emulator's) may be on any system but iOS.
 */
const families: { pattern: RegExp; systems: readonly OperatingSystem[] }[] = [
  { pattern: /Direct3D|\bD3D\d|Microsoft Basic Render/i, systems: ['windows'] },
  { pattern: /\bMesa\b|llvmpipe|softpipe|Panfrost|Asahi|radeonsi|nouveau/i, systems: ['linux', 'android'] },
  { pattern: /\bApple (GPU|M\d)|ANGLE \(Apple\b|Apple Inc\.|Metal Renderer|OpenGL Engine/, systems: ['macos', 'ios'] },
  { pattern: /Mali|Adreno|PowerVR|Xclipse|Immortalis|Maleoon|Vivante/i, systems: ['android'] },
];

/** Systems a vendor/renderer pair can come from; null when any system but iOS could give it. */
export function systemsOfWebgl(vendor: string, renderer: string): readonly OperatingSystem[] | null {
  const text = `${vendor} ${renderer}`;
  return families.find((family) => family.pattern.test(text))?.systems ?? null;
}

/**
 * WebGL vendor/renderer of a graphics stack the operating system does not have (Direct3D on
 * macOS, an Adreno on Windows without Direct3D, Mesa on macOS). On iOS every browser is WebKit,
 * which only ever says "Apple GPU". Empty, or mode "real": the machine's own, nothing to compare.
 */
export const webglOs: Rule = ({ os, webglVendor, webglRenderer }) => {
  if (!os || (!webglVendor && !webglRenderer)) return null;
  const systems = systemsOfWebgl(webglVendor, webglRenderer);
  const fits = systems ? systems.includes(os) : os !== 'ios';
  if (fits) return null;
  const named = webglRenderer ? side('webglRenderer', webglRenderer) : side('webglVendor', webglVendor);
  return contradiction('webglOs', named, side('os', os));
};
