export { generateIdentity, rewriteBrowserMajor, type GeneratedIdentity } from './generate.ts';
export {
  checkConsistency,
  checkOnMachine,
  consistencyFieldPaths,
  contradictionCodes,
  type ConsistencyField,
  type Contradiction,
  type ContradictionCode,
  type ContradictionSide,
  type IdentityFields,
  type MachineFacts as MachineGraphics,
} from './consistency/index.ts';
