/** Renderers of a software rasteriser: what a computer without a usable GPU shows by itself. */
const SOFTWARE_RENDERER = /SwiftShader|llvmpipe|softpipe|Microsoft Basic Render/i;

/** Graphics of a virtual machine's host: a person's own computer does not show these. */
const VIRTUAL_MACHINE_GPU = /VMware|VirtualBox|Parallels|Hyper-V|QXL|virgl|Red Hat/i;

export function isSoftwareRenderer(text: string): boolean {
  return SOFTWARE_RENDERER.test(text);
}

/** A GPU no ordinary visitor's computer has: software rendering or a virtual machine's. */
export function isServerGpu(text: string): boolean {
  return SOFTWARE_RENDERER.test(text) || VIRTUAL_MACHINE_GPU.test(text);
}
