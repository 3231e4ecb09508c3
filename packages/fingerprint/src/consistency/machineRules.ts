import { isSoftwareRenderer } from './gpuKinds.ts';
import { contradiction, side, type MachineRule } from './types.ts';

/**
 * A hardware GPU claimed on a computer that renders WebGL in software. The name is only a
 * string: a page measures the renderer behind it (its limits, extensions, precision and the
 * pixels it draws), and SwiftShader's are nothing like an NVIDIA's. Either run such profiles on
 * a computer with a GPU, or let them show the machine's own WebGL metadata.
 */
export const webglSoftware: MachineRule = ({ webglRenderer }, { softwareGpu }) => {
  if (!softwareGpu || !webglRenderer || isSoftwareRenderer(webglRenderer)) return null;
  return contradiction('webglSoftware', side('webglRenderer', webglRenderer), side('machineGpu', 'software'));
};
